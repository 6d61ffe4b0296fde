/** The app logo: an eye inside a speech bubble. Decorative (the h1 names the page). */
export function Logo() {
  return (
    <svg
      className="home__logo"
      viewBox="0 0 96 96"
      width="96"
      height="96"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="4" y="4" width="88" height="88" rx="24" fill="#0b57d0" />
      <path d="M16 48s12-20 32-20 32 20 32 20-12 20-32 20-32-20-32-20z" fill="#ffffff" />
      <circle cx="48" cy="48" r="11" fill="#0b57d0" />
      <circle cx="52" cy="44" r="3.5" fill="#ffffff" />
    </svg>
  );
}
