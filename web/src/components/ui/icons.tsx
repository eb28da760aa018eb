import type { ReactNode, SVGProps } from 'react';

/**
 * The icons of the screens a signed-out person sees, drawn as Lucide draws them (24-unit grid,
 * 2-unit round strokes in the text colour). Lucide's runtime and per-icon modules cost the
 * login page more than these few shapes do; the signed-in screens keep using lucide-react.
 * Decorative by default: a caller that gives an icon a name passes its own aria attributes.
 */
export type IconProps = SVGProps<SVGSVGElement>;

function icon(shapes: ReactNode) {
  return function Icon(props: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        {...props}
      >
        {shapes}
      </svg>
    );
  };
}

const ring = <circle cx="12" cy="12" r="10" />;

export const CircleCheckIcon = icon(
  <>
    {ring}
    <path d="m16 9-5.5 5.5L8 12" />
  </>,
);

export const CircleAlertIcon = icon(
  <>
    {ring}
    <path d="M12 8v4M12 16h.01" />
  </>,
);

export const InfoIcon = icon(
  <>
    {ring}
    <path d="M12 16v-4M12 8h.01" />
  </>,
);

export const XIcon = icon(<path d="M18 6 6 18M6 6l12 12" />);

export const ShieldCheckIcon = icon(
  <path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1zm-11-1 2 2 4-4" />,
);

export const SunIcon = icon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2m-7.07-17.07 1.41 1.41m11.32 11.32 1.41 1.41M2 12h2m16 0h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
  </>,
);

export const MoonIcon = icon(
  <path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401" />,
);

export const SunMoonIcon = icon(
  <path d="M12 2v2m2.837 12.385a6 6 0 1 1-7.223-7.222c.624-.147.97.66.715 1.248a4 4 0 0 0 5.26 5.259c.589-.255 1.396.09 1.248.715M16 12a4 4 0 0 0-4-4m7-3-1.256 1.256M20 12h2" />,
);
