/** The multiselect's section of the kit page (/dev/kit). */
export function MultiselectKit() {
  return <p>The multiselect is being built.</p>;
}
