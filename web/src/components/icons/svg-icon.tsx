/**
 * Inline icons, so that no icon font or library is loaded; paths from Bootstrap Icons (MIT).
 * Decorative: the button that holds one carries the accessible name. One file per screen area,
 * so that each chunk carries only the icons it shows.
 */
export const SvgIcon = ({ paths }: { paths: readonly string[] }) => (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    width="1.1em"
    height="1.1em"
    fill="currentColor"
    viewBox="0 0 16 16"
    aria-hidden="true"
    focusable="false"
  >
    {paths.map((d) => (
      <path key={d} d={d} />
    ))}
  </svg>
);
