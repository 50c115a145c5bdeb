/**
 * A business's accent colour is the background of its buttons and badges, always with white
 * text on it (`--on-brand`), so it must keep WCAG AA contrast with white: 4.5:1 for body text.
 * Pure, so the profile form can warn as the owner picks a colour and the server can refuse it.
 */
export const minBrandContrast = 4.5;

export const hexColorPattern = /^#[0-9a-fA-F]{6}$/;

function channelLuminance(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG contrast ratio of white text on the colour `#rrggbb`. */
export function contrastWithWhite(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const luminance =
    0.2126 * channelLuminance((n >> 16) & 255) +
    0.7152 * channelLuminance((n >> 8) & 255) +
    0.0722 * channelLuminance(n & 255);
  return 1.05 / (luminance + 0.05);
}

/** "3.2:1", rounded down so a colour just under the bar never reads as passing. */
export function formatContrast(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}
