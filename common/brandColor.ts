/**
 * Whether a brand colour is readable on both themes (WCAG 2.1 AA). The brand colour fills
 * primary buttons and marks under white text, so that text needs 4.5:1 (1.4.3); as a
 * component it sits on each theme's page background and needs 3:1 there (1.4.11). The
 * backgrounds are the `--bg` tokens of src/styles/app.css (light and dark).
 */
export const BRAND_TEXT = '#ffffff';
export const THEME_BACKGROUNDS = { light: '#f5f7f9', dark: '#0f161d' } as const;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

export const BRAND_MESSAGES = {
  brandTextContrast: 'White text on this colour is not readable (contrast below 4.5:1).',
  brandLightContrast: 'This colour does not stand out on the light theme (contrast below 3:1).',
  brandDarkContrast: 'This colour does not stand out on the dark theme (contrast below 3:1).',
} as const;

/** The first reason a `#rrggbb` colour fails, in English (the server's message); null when it passes. */
export function brandColorError(hex: string): string | null {
  if (contrastRatio(hex, BRAND_TEXT) < 4.5) return BRAND_MESSAGES.brandTextContrast;
  if (contrastRatio(hex, THEME_BACKGROUNDS.light) < 3) return BRAND_MESSAGES.brandLightContrast;
  if (contrastRatio(hex, THEME_BACKGROUNDS.dark) < 3) return BRAND_MESSAGES.brandDarkContrast;
  return null;
}
