import type { FieldErrors } from "#app/auth/forms.ts";
import { Field, TextAreaField } from "#app/components/ui/field.tsx";
import { collectionLimits } from "./collection-limits.ts";

/** A collection's name, slug and description, for the new-collection form and the edit form. */
export function CollectionFields({
  defaults,
  errors,
  slugLabel,
  slugHint,
}: {
  defaults?: { name: string; slug: string; description: string };
  errors: FieldErrors;
  slugLabel: string;
  slugHint: string;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          name="name"
          required
          maxLength={collectionLimits.name}
          defaultValue={defaults?.name}
          error={errors.name}
        />
        <Field
          label={slugLabel}
          name="slug"
          maxLength={collectionLimits.slug}
          defaultValue={defaults?.slug}
          hint={slugHint}
          error={errors.slug}
          autoCapitalize="none"
          spellCheck={false}
        />
      </div>
      <TextAreaField
        label="Description (optional)"
        name="description"
        rows={3}
        maxLength={collectionLimits.description}
        defaultValue={defaults?.description}
        error={errors.description}
      />
    </>
  );
}
