/** A record's id as written in a URL or a form field; null when it cannot be one (so a bad value is simply not found). */
export function idFrom(value: string | null | undefined): number | null {
  const id = /^\d{1,9}$/.test(value ?? "") ? Number(value) : 0;
  return id > 0 ? id : null;
}
