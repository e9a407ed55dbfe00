/** Who a client report is from: the agency's name, logo and accent colour (Pro), else Mapsmith's. */
export interface ReportBrand {
  name: string;
  /** `#rrggbb`, already checked readable on white. */
  accent: string;
  /** The logo as a `data:` URL of a checked PNG, JPEG or WebP; null for none. */
  logoDataUrl: string | null;
}

/** The free report's brand: Mapsmith's name and colour. */
export const DEFAULT_REPORT_BRAND: ReportBrand = {
  name: 'Mapsmith',
  accent: '#1d4ed8',
  logoDataUrl: null,
};
