/** A QR code's dark modules as one SVG path (voucher-qr.server.ts draws it). */
export interface QrImage {
  /** Modules per side, the quiet zone of 4 on each side included. */
  size: number;
  path: string;
}

/** A voucher's QR code as the server drew it: crisp at any size, dark on white for scanners. */
export function VoucherQr({ image, label }: { image: QrImage; label: string }) {
  return (
    <svg
      viewBox={`0 0 ${image.size} ${image.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className="h-40 w-40 rounded-md bg-white"
    >
      <rect width={image.size} height={image.size} fill="#ffffff" />
      <path d={image.path} fill="#000000" />
    </svg>
  );
}
