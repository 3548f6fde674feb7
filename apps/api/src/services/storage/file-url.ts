/**
 * The public URL of a stored file (an original or its thumbnail), served by `GET /api/files/{key}`.
 * Keys are content-addressed, so a URL never changes what it points to.
 */
export const fileUrl = (key: string): string => `/api/files/${key}`;
