/** Initials on a colour picked from the name, or the person's picture when there is one. */
const COLORS = ['#0b6c72', '#c2410c', '#5b4bb7', '#2f7d32', '#a61e4d', '#1864ab', '#8a5a00'];

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

export function Avatar({ name, url, size = 40 }: { name: string; url?: string | null; size?: number }) {
  const hash = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  if (url) {
    return (
      <img
        className="avatar"
        src={url}
        alt=""
        width={size}
        height={size}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      className="avatar"
      aria-hidden
      style={{ width: size, height: size, background: COLORS[hash % COLORS.length], fontSize: size * 0.4 }}
    >
      {initials(name)}
    </span>
  );
}
