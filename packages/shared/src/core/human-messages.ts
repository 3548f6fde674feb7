/**
 * Spanish messages written for people (the spec's own texts), which the API's error mapping
 * shows as they are instead of prefixing them with the field's name. Each area's message module
 * registers its texts here, so nobody needs to add them to the one shared MSG object.
 */
const registered = new Set<string>();

export function registerMessages<const T extends Record<string, string>>(messages: T): T {
  for (const text of Object.values(messages)) registered.add(text);
  return messages;
}

export function isRegisteredMessage(text: string): boolean {
  return registered.has(text);
}
