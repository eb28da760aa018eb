import { useEffect, useState } from 'react';

/**
 * A QR code drawn as SVG from the modules `qr` (paulmillr/qr, an ES module) computes, so no image
 * is made and no markup is injected. The library is loaded when a code is first shown (the
 * profile's or a required set-up's), never with the login page.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [path, setPath] = useState<{ size: number; d: string } | null>(null);
  useEffect(() => {
    let active = true;
    void import('qr').then(({ encodeQR }) => {
      if (!active) return;
      const modules = encodeQR(text, 'raw', { ecc: 'medium', border: 0 });
      let d = '';
      modules.forEach((row, y) =>
        row.forEach((dark, x) => {
          // A quiet zone of 4 modules around the code, as readers expect.
          if (dark) d += `M${x + 4} ${y + 4}h1v1h-1z`;
        }),
      );
      setPath({ size: modules.length + 8, d });
    });
    return () => {
      active = false;
    };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${path?.size ?? 1} ${path?.size ?? 1}`}
      className="size-48 rounded-lg bg-white"
      shapeRendering="crispEdges"
    >
      {path && <path d={path.d} fill="#000" />}
    </svg>
  );
}
