/** The date picker's section of the kit page (/dev/kit). */
export function DatePickerKit() {
  return <p>The date picker is being built.</p>;
}
