import classes from './login-page.module.css';

/**
 * The left side of the login screen: a drawn team dashboard between a spray bottle and a
 * detergent bottle, with bubbles. Pure SVG, so nothing is downloaded. Decorative only.
 */
export function LoginIllustration() {
  return (
    <div className={classes.illustration} aria-hidden="true">
      <svg className={classes.art} viewBox="0 0 600 520" role="presentation" focusable="false">
        <defs>
          <linearGradient id="li-card" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#ffffff" />
            <stop offset="1" stopColor="#eef8f9" />
          </linearGradient>
          <linearGradient id="li-spray" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#e6f6f7" />
            <stop offset="1" stopColor="#9dd6da" />
          </linearGradient>
          <linearGradient id="li-bottle" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fff3bf" />
            <stop offset="1" stopColor="#ffd43b" />
          </linearGradient>
        </defs>

        {/* soft floor and halo */}
        <circle cx="300" cy="250" r="210" fill="#ffffff" opacity="0.06" />
        <circle cx="300" cy="250" r="150" fill="#ffffff" opacity="0.05" />
        <ellipse cx="300" cy="470" rx="240" ry="18" fill="#022b2e" opacity="0.35" />

        {/* team dashboard card */}
        <g transform="translate(190 70)">
          <rect width="220" height="190" rx="20" fill="url(#li-card)" />
          <rect x="18" y="18" width="90" height="10" rx="5" fill="#0b6c72" opacity="0.85" />
          <rect x="18" y="36" width="60" height="8" rx="4" fill="#9dd6da" />
          {/* three sellers */}
          <g>
            <circle cx="44" cy="86" r="16" fill="#69bfc5" />
            <circle cx="44" cy="80" r="6" fill="#ffffff" />
            <path d="M33 96a11 9 0 0 1 22 0z" fill="#ffffff" />
            <circle cx="84" cy="86" r="16" fill="#fab005" />
            <circle cx="84" cy="80" r="6" fill="#ffffff" />
            <path d="M73 96a11 9 0 0 1 22 0z" fill="#ffffff" />
            <circle cx="124" cy="86" r="16" fill="#107e85" />
            <circle cx="124" cy="80" r="6" fill="#ffffff" />
            <path d="M113 96a11 9 0 0 1 22 0z" fill="#ffffff" />
          </g>
          <rect x="150" y="74" width="52" height="24" rx="12" fill="#e6f6f7" />
          <path d="M162 86l6 6 12-12" stroke="#0b6c72" strokeWidth="4" fill="none" strokeLinecap="round" />
          {/* growing sales bars */}
          <g fill="#3fabb2">
            <rect x="22" y="150" width="22" height="24" rx="5" opacity="0.55" />
            <rect x="56" y="138" width="22" height="36" rx="5" opacity="0.7" />
            <rect x="90" y="126" width="22" height="48" rx="5" opacity="0.85" />
            <rect x="124" y="114" width="22" height="60" rx="5" />
          </g>
          <path
            d="M24 140l42-16 34-10 40-16 52-6"
            stroke="#fab005"
            strokeWidth="4"
            fill="none"
            strokeLinecap="round"
          />
        </g>

        {/* spray bottle */}
        <g transform="translate(70 190)">
          <circle cx="-8" cy="40" r="5" fill="#ffffff" opacity="0.7" />
          <circle cx="-22" cy="30" r="3.5" fill="#ffffff" opacity="0.55" />
          <circle cx="-20" cy="52" r="4" fill="#ffffff" opacity="0.6" />
          <circle cx="-34" cy="42" r="2.5" fill="#ffffff" opacity="0.45" />
          <rect x="2" y="32" width="44" height="16" rx="5" fill="#3fabb2" />
          <path d="M40 22h74a12 12 0 0 1 12 12v34H40z" fill="#1f959c" />
          <path d="M66 68c-12 18-12 34-6 48l12-3c-5-12-3-26 8-42z" fill="#107e85" />
          <rect x="78" y="66" width="36" height="38" fill="#cdebed" />
          <rect x="56" y="100" width="92" height="180" rx="28" fill="url(#li-spray)" />
          <rect x="72" y="146" width="60" height="84" rx="12" fill="#ffffff" />
          <path d="M102 162c-10 14-18 23-18 33a18 18 0 0 0 36 0c0-10-8-19-18-33z" fill="#107e85" />
          <circle cx="96" cy="196" r="4" fill="#ffffff" opacity="0.6" />
        </g>

        {/* detergent bottle */}
        <g transform="translate(392 200)">
          <rect x="40" y="6" width="52" height="34" rx="9" fill="#f59f00" />
          <rect x="46" y="34" width="40" height="18" fill="#fcc419" />
          <path
            d="M22 52h88a26 26 0 0 1 26 26v166a26 26 0 0 1-26 26H22a26 26 0 0 1-26-26V78a26 26 0 0 1 26-26z"
            fill="url(#li-bottle)"
          />
          <rect x="96" y="76" width="16" height="62" rx="8" fill="#fff9db" opacity="0.9" />
          <rect x="14" y="118" width="78" height="92" rx="14" fill="#ffffff" />
          <path d="M53 136l6 14 15 2-11 10 3 15-13-7-13 7 3-15-11-10 15-2z" fill="#f59f00" />
          <rect x="26" y="188" width="54" height="8" rx="4" fill="#ffe066" />
        </g>

        {/* bubbles and sparkles */}
        <g fill="none" stroke="#ffffff" strokeWidth="3" opacity="0.7">
          <circle cx="330" cy="330" r="22" />
          <circle cx="292" cy="388" r="13" />
          <circle cx="356" cy="410" r="9" />
          <circle cx="470" cy="120" r="14" />
          <circle cx="120" cy="120" r="10" />
        </g>
        <circle cx="322" cy="322" r="6" fill="#ffffff" opacity="0.5" />
        <g fill="#ffe066">
          <path d="M520 60l5 15 15 5-15 5-5 15-5-15-15-5 15-5z" />
          <path d="M86 300l3 9 9 3-9 3-3 9-3-9-9-3 9-3z" />
          <path d="M250 430l4 11 11 4-11 4-4 11-4-11-11-4 11-4z" />
        </g>
      </svg>
      <div className={classes.tagline}>
        <p className={classes.taglineTitle}>Tu equipo de ventas, siempre impecable</p>
        <p className={classes.taglineText}>
          Publicaciones, eventos, sucursales y puntos del equipo, administrados en un solo lugar.
        </p>
      </div>
    </div>
  );
}
