/** A timestamp as the API sends it: ISO 8601 in UTC, whether the driver gave a Date or text. */
export const iso = (value: Date | string) => new Date(value).toISOString();
