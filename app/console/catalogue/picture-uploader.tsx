import { clsx } from "clsx";
import { ArrowLeft, ArrowRight, ImagePlus, LoaderCircle, RotateCw, Trash2 } from "lucide-react";
import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/field.tsx";

/**
 * A product's or a voucher offer's pictures in its form: each chosen file is sent at once with
 * XMLHttpRequest (fetch has no upload progress) to the console's upload action, with a progress
 * bar; the stored pictures are kept as `image` hidden fields in their order, which the save makes
 * its order. Without JavaScript the file input posts the files with the form instead.
 */
export interface UploadedPicture {
  id: string;
  url: string;
  width: number;
  height: number;
  alt: string;
}

type Item =
  | { key: string; state: "done"; picture: UploadedPicture }
  | { key: string; state: "uploading"; name: string; progress: number }
  | { key: string; state: "failed"; name: string; message: string; file: File };

/** Sends one file; resolves with the stored picture, rejects with a message for the person. */
export function uploadPicture(
  url: string,
  file: File,
  alt: string,
  onProgress: (fraction: number) => void,
): Promise<UploadedPicture> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const body = request.response as { image?: UploadedPicture; message?: string } | null;
      if (request.status === 200 && body?.image) resolve(body.image);
      else reject(new Error(body?.message ?? "That picture couldn't be uploaded. Try again."));
    });
    request.addEventListener("error", () =>
      reject(new Error("The upload stopped. Check your connection and try again.")),
    );
    const body = new FormData();
    body.append("file", file);
    body.append("alt", alt);
    request.send(body);
  });
}

let counter = 0;
const nextKey = () => `picture-${++counter}`;

export function PictureUploader({
  uploadUrl,
  most,
  initial,
  altText,
  error,
  onBusyChange,
}: {
  uploadUrl: string;
  /** How many pictures the record may have. */
  most: number;
  initial: UploadedPicture[];
  /** The record's name (a product's, an offer's title), as the pictures' description. */
  altText: string;
  error?: string;
  onBusyChange: (busy: boolean) => void;
}) {
  const [items, setItems] = useState<Item[]>(() =>
    initial.map((picture) => ({ key: picture.id, state: "done", picture })),
  );
  const [announcement, setAnnouncement] = useState("");
  const [hydrated, setHydrated] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  useEffect(() => setHydrated(true), []);

  const busy = items.some((item) => item.state === "uploading");
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const room = most - items.filter((item) => item.state !== "failed").length;

  function update(key: string, next: Item | null) {
    setItems((current) =>
      next === null
        ? current.filter((item) => item.key !== key)
        : current.map((item) => (item.key === key ? next : item)),
    );
  }

  function start(file: File, key = nextKey()) {
    setItems((current) => {
      const uploading: Item = { key, state: "uploading", name: file.name, progress: 0 };
      return current.some((item) => item.key === key)
        ? current.map((item) => (item.key === key ? uploading : item))
        : [...current, uploading];
    });
    uploadPicture(uploadUrl, file, altText, (progress) =>
      update(key, { key, state: "uploading", name: file.name, progress }),
    ).then(
      (picture) => {
        update(key, { key, state: "done", picture });
        setAnnouncement(`${file.name} uploaded.`);
      },
      (failure: Error) => {
        update(key, { key, state: "failed", name: file.name, message: failure.message, file });
        setAnnouncement(`${file.name} was not uploaded: ${failure.message}`);
      },
    );
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // The files go up now; the form must not post them a second time.
    event.target.value = "";
    if (files.length > room) {
      setAnnouncement(`Only ${most} pictures fit; the first ${room} were taken.`);
    }
    for (const file of files.slice(0, Math.max(0, room))) start(file);
  }

  function move(key: string, by: -1 | 1) {
    setItems((current) => {
      const from = current.findIndex((item) => item.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
    setAnnouncement(by < 0 ? "Picture moved earlier." : "Picture moved later.");
  }

  const done = items.filter((item) => item.state === "done");
  return (
    <fieldset className="space-y-3" aria-describedby={clsx(hintId, error && errorId)}>
      <legend className="text-sm font-medium text-ink">Pictures</legend>
      <p id={hintId} className="text-sm text-ink-muted">
        JPEG, PNG or WebP up to 8 MB, at most {most}. The first picture is the main one shoppers
        see.
      </p>
      {items.length > 0 ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((item) => {
            const position = done.findIndex((other) => other.key === item.key);
            const index = items.findIndex((other) => other.key === item.key);
            return (
              <li
                key={item.key}
                className="flex flex-col overflow-hidden rounded-lg border border-line bg-surface"
              >
                {item.state === "done" ? (
                  <>
                    <input type="hidden" name="image" value={item.picture.id} />
                    <div className="relative aspect-square bg-surface-sunken">
                      <img
                        src={item.picture.url}
                        alt={`${altText || "Product"}, ${position + 1} of ${done.length}`}
                        className="size-full object-cover"
                      />
                      {position === 0 ? (
                        <span className="absolute top-2 left-2 rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-on-brand">
                          Main
                        </span>
                      ) : null}
                    </div>
                    <div className="flex justify-between gap-1 p-1.5">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Move picture ${position + 1} earlier`}
                        disabled={index === 0}
                        onClick={() => move(item.key, -1)}
                      >
                        <ArrowLeft aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Move picture ${position + 1} later`}
                        disabled={index === items.length - 1}
                        onClick={() => move(item.key, 1)}
                      >
                        <ArrowRight aria-hidden="true" className="size-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove picture ${position + 1}`}
                        onClick={() => {
                          update(item.key, null);
                          setAnnouncement("Picture removed. Save to keep the change.");
                        }}
                      >
                        <Trash2 aria-hidden="true" className="size-4 text-danger" />
                      </Button>
                    </div>
                  </>
                ) : item.state === "uploading" ? (
                  <div className="flex aspect-square flex-col items-center justify-center gap-2 p-3 text-center">
                    <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-brand" />
                    <p className="w-full truncate text-sm text-ink">{item.name}</p>
                    <progress
                      className="h-2 w-full accent-brand"
                      max={100}
                      value={Math.round(item.progress * 100)}
                      aria-label={`Uploading ${item.name}`}
                    />
                    <p className="text-xs text-ink-muted">{Math.round(item.progress * 100)}%</p>
                  </div>
                ) : (
                  <div className="flex aspect-square flex-col justify-center gap-2 p-3">
                    <p className="truncate text-sm font-medium text-ink">{item.name}</p>
                    <FieldError>{item.message}</FieldError>
                    <div className="flex gap-1">
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => start(item.file, item.key)}
                      >
                        <RotateCw aria-hidden="true" className="size-4" /> Retry
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Dismiss ${item.name}`}
                        onClick={() => update(item.key, null)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      ) : null}
      <div>
        <label
          htmlFor={inputId}
          className={clsx(
            "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-dashed border-line bg-surface px-4 text-sm font-semibold text-ink hover:bg-surface-sunken focus-within:outline-2 focus-within:outline-focus",
            room <= 0 && "pointer-events-none opacity-60",
          )}
        >
          <ImagePlus aria-hidden="true" className="size-5" />
          Add pictures
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            name="newImage"
            accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/gif"
            multiple
            disabled={room <= 0}
            onChange={hydrated ? choose : undefined}
            className="sr-only"
          />
        </label>
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

/**
 * The end of a console form with pictures (a product's, a voucher offer's): the uploader in its
 * panel, then the save button, held while pictures are still going up (saying so).
 */
export function PicturesAndSave({
  uploadUrl,
  most,
  initial,
  altText,
  error,
  submitLabel,
}: {
  uploadUrl: string;
  most: number;
  initial: UploadedPicture[];
  altText: string;
  error?: string;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  return (
    <>
      <div className="rounded-card border border-line bg-surface p-4 sm:p-5">
        <PictureUploader
          uploadUrl={uploadUrl}
          most={most}
          initial={initial}
          altText={altText}
          error={error}
          onBusyChange={onBusyChange}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving || uploading}>
          {saving ? "Saving…" : submitLabel}
        </Button>
        {uploading ? (
          <p className="text-sm text-ink-muted" role="status">
            Waiting for the pictures to finish uploading…
          </p>
        ) : null}
      </div>
    </>
  );
}
