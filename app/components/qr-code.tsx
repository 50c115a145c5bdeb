/** A QR code's dark modules as one SVG path (app/qr.server.ts draws it). */
export interface QrImage {
  /** Modules per side, the quiet zone of 4 on each side included. */
  size: number;
  path: string;
}

/** A QR code as the server drew it: crisp at any size, dark on white for scanners. */
export function QrCode({
  image,
  label,
  className = "h-40 w-40",
}: {
  image: QrImage;
  label: string;
  /** Its size on the page. */
  className?: string;
}) {
  return (
    <svg
      viewBox={`0 0 ${image.size} ${image.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className={`${className} rounded-md bg-white`}
    >
      <rect width={image.size} height={image.size} fill="#ffffff" />
      <path d={image.path} fill="#000000" />
    </svg>
  );
}
