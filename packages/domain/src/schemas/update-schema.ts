import { z } from 'zod';

/**
 * The schema of a field as an update sends it: without the defaults a create fills in. zod 4
 * applies a `.default()` also inside `.optional()`/`.partial()`, so a create schema made partial
 * answers every absent defaulted field with its default, and an update then overwrites the stored
 * value (a profile's processors emptied by a description change). Unwraps defaults and inner
 * optionals (the outer `.optional()` of `updateFields` makes the field optional again) and keeps the
 * field's metadata, such as a secret marker.
 */
export const withoutDefault = (schema: z.ZodType): z.ZodType => {
  const def = schema._zod.def as z.core.$ZodTypeDef & {
    innerType?: z.ZodType;
    in?: z.ZodType;
    out?: z.ZodType;
  };
  let stripped: z.ZodType = schema;
  if ((def.type === 'default' || def.type === 'prefault' || def.type === 'optional') && def.innerType)
    stripped = withoutDefault(def.innerType);
  else if (def.type === 'nullable' && def.innerType) {
    const inner = withoutDefault(def.innerType);
    stripped = inner === def.innerType ? schema : inner.nullable();
  } else if (def.type === 'pipe' && def.in && def.out) {
    // `.optional().transform(v => v ?? null)`: an absent field must stay absent, not become null.
    const inner = withoutDefault(def.in);
    stripped = inner === def.in ? schema : z.pipe(inner, def.out as never);
  }
  const meta = z.globalRegistry.get(schema);
  return stripped !== schema && meta ? stripped.meta(meta) : stripped;
};

type UpdateShape<F extends z.ZodRawShape> = {
  [K in keyof F]: z.ZodOptional<z.ZodType<Exclude<z.output<F[K]>, undefined>, z.input<F[K]>>>;
};

/**
 * The fields of an update body: every field of `fields` optional and without its default, so an
 * update changes exactly the fields it sends (docs/DESIGN.md) and an absent field stays absent in
 * what the service receives.
 */
export const updateFields = <F extends z.ZodRawShape>(fields: F): UpdateShape<F> =>
  Object.fromEntries(
    Object.entries(fields).map(([key, schema]) => [key, withoutDefault(schema as z.ZodType).optional()]),
  ) as UpdateShape<F>;

/** `z.object(updateFields(fields))`: use it for every update body instead of `.partial()`. */
export const updateSchema = <F extends z.ZodRawShape>(fields: F) => z.object(updateFields(fields));
