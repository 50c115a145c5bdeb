import qrcode from "qrcode-generator";
import type { QrImage } from "./voucher-qr.tsx";

/**
 * A voucher code as a QR image, drawn on the server (issue 19): the modules as one SVG path, so
 * the page sends a few hundred bytes and no script. Error correction M, and the code in
 * alphanumeric mode (its alphabet is upper case and digits), so a small, scratched phone screen
 * still scans.
 */
const quietZone = 4;

export function voucherQr(code: string): QrImage {
  const qr = qrcode(0, "M");
  qr.addData(code, "Alphanumeric");
  qr.make();
  const count = qr.getModuleCount();
  let path = "";
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (qr.isDark(row, column)) path += `M${column + quietZone} ${row + quietZone}h1v1h-1z`;
    }
  }
  return { size: count + quietZone * 2, path };
}
