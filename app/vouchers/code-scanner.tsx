import { useEffect, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { readVoucherCode } from "./voucher-code.ts";

/** The browser's barcode reader (Chromium on Android and ChromeOS; not in every browser yet). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeReaderClass = new (options: { formats: string[] }) => BarcodeReader;

function barcodeReaderClass(): BarcodeReaderClass | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;
}

/** Whether this browser can scan QR codes itself: otherwise the code is typed. */
export function canScanCodes(): boolean {
  return (
    typeof navigator !== "undefined" &&
    Boolean(navigator.mediaDevices) &&
    Boolean(barcodeReaderClass())
  );
}

/**
 * The back camera, read a few times a second by the browser's BarcodeDetector until a voucher's
 * QR code shows up (issue 19); the code then goes to `onCode` and the camera is switched off.
 * Loaded only when a member presses "Scan": most visits of the page never need it.
 */
export function CodeScanner({
  onCode,
  onClose,
}: {
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const Reader = barcodeReaderClass();
    if (!Reader) return;
    const reader = new Reader({ formats: ["qr_code"] });
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then(async (opened) => {
        stream = opened;
        if (stopped || !video.current) return stop();
        video.current.srcObject = opened;
        await video.current.play();
        timer = setInterval(async () => {
          if (!video.current || stopped) return;
          const found = await reader.detect(video.current).catch(() => []);
          const code = found.map((barcode) => readVoucherCode(barcode.rawValue)).find(Boolean);
          if (code) {
            stop();
            onCode(code);
          }
        }, 250);
      })
      .catch(() => setProblem("The camera couldn't be opened. Type the code instead."));
    return stop;
  }, [onCode]);

  return (
    <div className="space-y-3 rounded-xl border border-line bg-surface p-4">
      <p className="text-sm text-ink" role="status">
        {problem ?? "Point the camera at the voucher's QR code."}
      </p>
      {problem ? null : (
        <video
          ref={video}
          muted
          playsInline
          className="aspect-square w-full max-w-xs rounded-lg bg-ink"
        />
      )}
      <Button type="button" variant="secondary" onClick={onClose}>
        {problem ? "Close" : "Stop scanning"}
      </Button>
    </div>
  );
}
