import { requireCatalogueManager, tooLarge } from "#app/console/catalogue/guard.server.ts";
import { services } from "#app/context.server.ts";
import { ImageUploadError, maxUploadBytes, storeUploadedImage } from "#app/media/uploads.server.ts";
import type { Route } from "./+types/vendor-product-images";

/**
 * POST /vendor/{business}/products/images: one picture from the uploader of the product form or
 * the voucher offer form (XMLHttpRequest, for its progress events). Answers `{ image }` or
 * 400/413 with `{ message }`. The picture belongs to nothing until a form is saved with it.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { actor } = await requireCatalogueManager(context, request, params.business);
  // The multipart envelope adds a little to the file itself.
  if (tooLarge(request, maxUploadBytes + 64 * 1024)) {
    return Response.json(
      { message: "That picture is larger than 8 MB. Choose a smaller one." },
      { status: 413 },
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.json({ message: "Choose a picture to upload." }, { status: 400 });
  }
  const file = form.get("file");
  const alt = form.get("alt");
  if (!(file instanceof File)) {
    return Response.json({ message: "Choose a picture to upload." }, { status: 400 });
  }
  const { db, media } = services(context);
  try {
    const image = await storeUploadedImage(db, file, {
      media,
      businessId: actor.businessId,
      alt: typeof alt === "string" ? alt : "",
    });
    return Response.json({ image });
  } catch (error) {
    if (error instanceof ImageUploadError) {
      return Response.json({ message: error.message }, { status: 400 });
    }
    throw error;
  }
}
