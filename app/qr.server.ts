import qrcode from "qrcode-generator";
import type { QrImage } from "./components/qr-code.tsx";

/**
 * A QR image drawn on the server (a voucher's code, a check-in poster's link): the modules as one
 * SVG path, so the page sends a few hundred bytes and no script. Error correction M, so a small,
 * scratched phone screen or a creased poster still scans. Voucher codes use alphanumeric mode
 * (upper case and digits: a smaller code), links byte mode.
 */
const quietZone = 4;

export function qrImage(text: string, mode: "Alphanumeric" | "Byte"): QrImage {
  const qr = qrcode(0, "M");
  qr.addData(text, mode);
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
