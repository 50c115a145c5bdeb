import {
  createElement,
  type ForwardRefExoticComponent,
  forwardRef,
  type ReactNode,
  type RefAttributes,
  type SVGProps,
} from "react";

/*
 * lucide-react's icon factory, in the few lines Oja uses of it (vite.config.ts puts it in place
 * of lucide-react/dist/esm/createLucideIcon.mjs, for the browser and the server alike, so both
 * render the same markup). The package's own goes through a context, a generic node builder and
 * class and attribute helpers, ~1 KB gzipped on every page (decision 015); this draws the same
 * <svg>: lucide's default attributes, its classes ("lucide lucide-{name}" and the aliases'),
 * aria-hidden unless something names the icon, and the size, colour and stroke width props.
 */

type IconNode = Array<[string, Record<string, string | number>]>;
interface IconData {
  name: string;
  node: IconNode;
  aliases?: string[];
}
type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
};

/** What lucide-react counts as naming the icon: any aria-* prop, a role or a title. */
function named(props: Record<string, unknown>): boolean {
  return Object.entries(props).some(
    ([prop, value]) =>
      (prop.startsWith("aria-") || prop === "role" || prop === "title") && value != null,
  );
}

export default function createLucideIcon(
  icon: IconData,
): ForwardRefExoticComponent<IconProps & RefAttributes<SVGSVGElement>> {
  const classes = [
    "lucide",
    `lucide-${icon.name}`,
    ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`),
  ];
  const Component = forwardRef<SVGSVGElement, IconProps>(function LucideIcon(
    {
      color = "currentColor",
      size = 24,
      strokeWidth = 2,
      absoluteStrokeWidth = false,
      className = "",
      children,
      ...rest
    },
    ref,
  ) {
    return createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: color,
        strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * 24) / Number(size) : strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: [...new Set([...classes, ...className.split(/\s+/)])].filter(Boolean).join(" "),
        ...(children || named(rest) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  });
  return Component;
}
