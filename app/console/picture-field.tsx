import { clsx } from "clsx";
import { ImageUp } from "lucide-react";
import { useEffect, useState } from "react";
import { LabelledControl } from "#app/components/ui/field.tsx";
import { type ImageData, ResponsiveImage } from "#app/components/ui/responsive-image.tsx";

/**
 * A picture to upload (a logo or a cover) with a preview: the current picture, or the one just
 * chosen, before the form is sent. The server decodes and re-encodes whatever arrives
 * (app/media/uploads.server.ts); `accept` only narrows the file chooser.
 */
export function PictureField({
  label,
  name,
  hint,
  error,
  current,
  shape,
}: {
  label: string;
  name: string;
  hint: string;
  error?: string;
  current?: ImageData | null;
  shape: "square" | "wide";
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen) : undefined), [chosen]);
  const previewBox = clsx(
    "shrink-0 overflow-hidden rounded-lg border border-line bg-surface-sunken",
    shape === "square" ? "size-20" : "h-20 w-36",
  );
  return (
    <LabelledControl
      label={label}
      hint={hint}
      error={error}
      control={(wiring) => (
        <div className="flex items-center gap-4">
          <div className={previewBox}>
            {chosen ? (
              <img src={chosen} alt="" className="size-full object-cover" />
            ) : current ? (
              <ResponsiveImage
                image={{ ...current, alt: "" }}
                sizes={shape === "square" ? "80px" : "144px"}
                className="size-full object-cover"
              />
            ) : (
              <span className="flex size-full items-center justify-center text-ink-muted">
                <ImageUp aria-hidden="true" className="size-6" />
              </span>
            )}
          </div>
          <input
            {...wiring}
            name={name}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/gif"
            className="block w-full min-w-0 text-sm text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:font-semibold file:text-ink hover:file:bg-surface-sunken"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              setChosen(file ? URL.createObjectURL(file) : null);
            }}
          />
        </div>
      )}
    />
  );
}
