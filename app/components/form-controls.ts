import {
  getFieldsetProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";

/*
 * Conform's control props, fit for every client (docs/decisions/0018-forms-for-every-client.md): without the
 * `form="…"` attribute (each control sits inside its own form; Lynx and w3m ignore the attribute anyway), and
 * without constraint attributes that HTML does not allow on the control's type (`maxlength` on a hidden input,
 * `pattern` on a radio or a date), which make the page invalid. The server checks every value again.
 */

type InputOptions = Parameters<typeof getInputProps>[1];

/** Types that take `minlength`, `maxlength` and `pattern`. */
const TEXT_TYPES = new Set(["text", "search", "url", "tel", "email", "password"]);
/** Types that take `min`, `max` and `step`. */
const RANGE_TYPES = new Set(["date", "month", "week", "time", "datetime-local", "number", "range"]);
/** Types that take `required`. */
const UNREQUIRABLE_TYPES = new Set(["hidden", "range", "color"]);

export function inputProps<Options extends InputOptions>(field: FieldMetadata<unknown>, options: Options) {
  const { form: _form, minLength, maxLength, pattern, min, max, step, required, ...props } = getInputProps(field, options);
  const type = options.type;
  return {
    ...props,
    ...(TEXT_TYPES.has(type) ? { minLength, maxLength, pattern } : {}),
    ...(RANGE_TYPES.has(type) ? { min, max, step } : {}),
    ...(UNREQUIRABLE_TYPES.has(type) ? {} : { required }),
  };
}

export function selectProps(field: FieldMetadata<unknown>, options?: Parameters<typeof getSelectProps>[1]) {
  const { form: _form, ...props } = getSelectProps(field, options);
  return props;
}

export function textareaProps(field: FieldMetadata<unknown>, options?: Parameters<typeof getTextareaProps>[1]) {
  const { form: _form, ...props } = getTextareaProps(field, options);
  return props;
}

export function fieldsetProps(field: FieldMetadata<unknown>) {
  const { form: _form, ...props } = getFieldsetProps(field);
  return props;
}
