import type { RouterContextProvider } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { services } from "#app/context.server.ts";
import { formUploads, ImageUploadError } from "#app/media/uploads.server.ts";

type Refused = { ok: false; status: 400; errors: FieldErrors };

/**
 * A console form's pictures (a product's, a voucher offer's, a reward's): the ids already chosen
 * (uploaded by the form's uploader) and the files posted with the form itself (the form without
 * JavaScript, field `newImage`). The files are stored once the fields are right, added after the
 * chosen ones, and `save` runs with the whole list; whatever `save` answers, uploads it did not
 * keep (a refused save, a bad picture after good ones) are deleted, so a refused form leaves
 * nothing behind.
 */
export async function saveWithFormPictures<Result>(
  context: Readonly<RouterContextProvider>,
  form: FormData,
  /** `businessId` is the uploading business's; Oja's own records (platform rewards) have none. */
  options: { chosen: string[]; most: number; tooMany: string; alt: string; businessId?: string },
  save: (imageIds: string[]) => Promise<Result>,
): Promise<Result | Refused> {
  const files = form
    .getAll("newImage")
    .filter((value): value is File => value instanceof File && value.size > 0);
  if (options.chosen.length + files.length > options.most) {
    return { ok: false, status: 400, errors: { images: options.tooMany } };
  }
  const { db, media } = services(context);
  const uploads = formUploads(db, media);
  const imageIds = [...options.chosen];
  try {
    for (const file of files) {
      try {
        const image = await uploads.store(db, file, {
          alt: options.alt,
          businessId: options.businessId,
        });
        imageIds.push(image.id);
      } catch (error) {
        if (error instanceof ImageUploadError) {
          return { ok: false, status: 400, errors: { images: `${file.name}: ${error.message}` } };
        }
        throw error;
      }
    }
    return await save(imageIds);
  } finally {
    await uploads.discardUnused();
  }
}
