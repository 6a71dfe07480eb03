/**
 * The first slide's picture, written into the page as a data URL so that it paints with the HTML
 * (it is the largest thing on the home page). The other slides are files in public/images.
 */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 420" width="1200" height="420">
  <defs>
    <linearGradient id="bg" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0" stop-color="#293241"/>
      <stop offset="0.55" stop-color="#3d5a80"/>
      <stop offset="1" stop-color="#98c1d9"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="420" fill="url(#bg)"/>
  <circle cx="980" cy="120" r="70" fill="#e0fbfc" opacity="0.35"/>
  <rect x="640" y="348" width="500" height="18" rx="4" fill="#293241"/>
  <g stroke="#293241" stroke-width="3">
    <rect x="680" y="168" width="46" height="180" rx="4" fill="#ee6c4d"/>
    <rect x="730" y="138" width="38" height="210" rx="4" fill="#e0fbfc"/>
    <rect x="772" y="188" width="54" height="160" rx="4" fill="#f2cc8f"/>
    <rect x="830" y="150" width="40" height="198" rx="4" fill="#81b29a"/>
    <rect x="874" y="120" width="48" height="228" rx="4" fill="#ee6c4d"/>
    <rect x="940" y="196" width="40" height="160" rx="4" fill="#e0fbfc" transform="rotate(-14 960 348)"/>
    <rect x="1010" y="260" width="120" height="34" rx="4" fill="#f2cc8f"/>
    <rect x="1020" y="226" width="104" height="34" rx="4" fill="#81b29a"/>
    <rect x="1004" y="294" width="128" height="54" rx="4" fill="#ee6c4d"/>
  </g>
  <g fill="#293241" opacity="0.5">
    <rect x="690" y="190" width="26" height="6"/><rect x="740" y="160" width="18" height="6"/>
    <rect x="884" y="142" width="28" height="6"/><rect x="784" y="210" width="30" height="6"/>
  </g>
</svg>`;

export const firstSlideImage = `data:image/svg+xml,${encodeURIComponent(SVG)}`;
