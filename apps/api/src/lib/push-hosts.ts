import ipaddr from 'ipaddr.js';

/**
 * The push service hosts a subscription's endpoint may name (issue 20.1, docs/product.md#push-quiet-hours-and-read-receipts "Push targets"):
 * the real services', and the parsing of PUSH_EXTRA_HOSTS's entries. Pure text rules, read by the
 * configuration (config.ts) and by the endpoint check (services/push/targets.ts).
 */

/** The push services of Chrome/Edge/Android (FCM), Firefox, Safari and Windows (WNS), on port 443. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
] as const;

/** One allowed host: exact, or `*.` any name under it; port 443 unless the setting says otherwise. */
export interface PushHostRule {
  host: string;
  wildcard: boolean;
  port: number;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Parses one entry of PUSH_EXTRA_HOSTS (`push.example.com`, `*.push.example.com`, optionally
 * `:port`). Returns a Spanish problem instead when it is not a host name a push service could have.
 */
export function parsePushHostRule(entry: string): PushHostRule | string {
  const match = /^(\*\.)?([^:]+)(?::(\d{1,5}))?$/.exec(entry.trim().toLowerCase());
  if (!match)
    return `«${entry}» no es un nombre de host (push.ejemplo.com, *.push.ejemplo.com o con :puerto)`;
  const [, star, host, port] = match as unknown as [string, string | undefined, string, string | undefined];
  if (ipaddr.isValid(host.replace(/^\[|\]$/g, ''))) {
    return `«${entry}»: tiene que ser un nombre de host, no una dirección IP`;
  }
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) {
    return `«${entry}» no es un nombre de host válido (al menos dos partes, sin punto final)`;
  }
  if (/(^|\.)(localhost|local|internal|localdomain|home\.arpa|test|invalid|example)$/.test(host)) {
    return `«${entry}»: es un nombre local o reservado; el servicio push tiene que tener un nombre público`;
  }
  const portNumber = port === undefined ? 443 : Number(port);
  if (portNumber < 1 || portNumber > 65535) return `«${entry}»: el puerto debe estar entre 1 y 65535`;
  return { host, wildcard: star !== undefined, port: portNumber };
}

export const defaultPushHostRules = (): PushHostRule[] =>
  PUSH_SERVICE_HOSTS.map((entry) => parsePushHostRule(entry) as PushHostRule);
