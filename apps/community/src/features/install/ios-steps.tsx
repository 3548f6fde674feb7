/**
 * Drawings of Safari's two steps on an iPhone, made for this guide (not screenshots): the bar at the
 * bottom with its Compartir button, and the share sheet with "Agregar a inicio". The part to tap is in
 * the app's orange, with a ring around it.
 */
const INK = '#1d2527';
const SOFT = '#c9d1d3';
const MARK = '#c2410c';

/** Step 1: Safari's bottom bar; Compartir (a square with an arrow up) is marked. */
export function ShareButtonPicture() {
  return (
    <svg
      viewBox="0 0 120 150"
      role="img"
      aria-label="La barra de Safari, abajo, con el botón Compartir marcado"
    >
      <rect x="8" y="6" width="104" height="138" rx="14" fill="#fff" stroke={SOFT} strokeWidth="2" />
      <rect x="18" y="18" width="84" height="10" rx="5" fill="#e8ecec" />
      <rect x="18" y="38" width="60" height="6" rx="3" fill="#e8ecec" />
      <rect x="18" y="50" width="76" height="6" rx="3" fill="#e8ecec" />
      <rect x="18" y="62" width="50" height="6" rx="3" fill="#e8ecec" />
      <rect x="8" y="112" width="104" height="32" rx="0" fill="#f4f5f6" />
      <path
        d="M8 112h104v18a14 14 0 0 1-14 14H22A14 14 0 0 1 8 130z"
        fill="#f4f5f6"
        stroke={SOFT}
        strokeWidth="2"
      />
      {/* back, forward */}
      <path d="M22 128l5-5m-5 5l5 5" stroke={SOFT} strokeWidth="2.2" fill="none" strokeLinecap="round" />
      <path d="M42 128l-5-5m5 5l-5 5" stroke={SOFT} strokeWidth="2.2" fill="none" strokeLinecap="round" />
      {/* Compartir */}
      <circle cx="60" cy="127" r="12" fill="none" stroke={MARK} strokeWidth="2.5" />
      <path d="M55 125v8h10v-8" stroke={MARK} strokeWidth="2" fill="none" strokeLinejoin="round" />
      <path
        d="M60 129v-11m-3.5 3.5L60 118l3.5 3.5"
        stroke={MARK}
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
      />
      {/* bookmarks, tabs */}
      <path d="M78 122h8v11l-4-3-4 3z" stroke={SOFT} strokeWidth="2" fill="none" strokeLinejoin="round" />
      <rect x="94" y="121" width="10" height="10" rx="2" stroke={SOFT} strokeWidth="2" fill="none" />
    </svg>
  );
}

/** Step 2: the share sheet; the row "Agregar a inicio" (a square with a plus) is marked. */
export function AddToHomePicture() {
  const row = (y: number, width: number) => (
    <>
      <rect x="20" y={y} width="80" height="16" rx="4" fill="#fff" />
      <rect x="26" y={y + 5} width={width} height="6" rx="3" fill={SOFT} />
      <rect x="86" y={y + 3} width="10" height="10" rx="2" fill="none" stroke={SOFT} strokeWidth="1.6" />
    </>
  );
  return (
    <svg
      viewBox="0 0 120 150"
      role="img"
      aria-label="El menú Compartir con la opción Agregar a inicio marcada"
    >
      <rect x="8" y="6" width="104" height="138" rx="14" fill="#eef0f1" stroke={SOFT} strokeWidth="2" />
      <rect x="46" y="12" width="28" height="4" rx="2" fill={SOFT} />
      <rect x="20" y="24" width="80" height="22" rx="6" fill="#fff" />
      <rect x="26" y="29" width="12" height="12" rx="3" fill="#0b6c72" />
      <rect x="44" y="30" width="40" height="5" rx="2.5" fill={INK} opacity="0.7" />
      <rect x="44" y="38" width="28" height="4" rx="2" fill={SOFT} />
      {row(54, 38)}
      {row(72, 46)}
      {/* Agregar a inicio */}
      <rect x="16" y="88" width="88" height="22" rx="6" fill="#fff" stroke={MARK} strokeWidth="2.5" />
      <text x="22" y="102.5" fontSize="7.4" fontFamily="system-ui, sans-serif" fill={INK}>
        Agregar a inicio
      </text>
      <rect x="88" y="93" width="11" height="11" rx="2.5" fill="none" stroke={MARK} strokeWidth="1.8" />
      <path d="M93.5 95.5v6m-3-3h6" stroke={MARK} strokeWidth="1.8" strokeLinecap="round" />
      {row(116, 30)}
    </svg>
  );
}
