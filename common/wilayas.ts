/**
 * The wilayas as the schemas know them: the enum of their codes. The names and
 * coordinates are in wilayaList.ts.
 */
import { Enum } from './common.ts';
import { WILAYAS } from './wilayaList.ts';

export { WILAYAS, wilayaByCode, type Wilaya } from './wilayaList.ts';

export const WILAYA_CODES = WILAYAS.map((x) => x.code) as [string, ...string[]];
export const WilayaCode = Enum(WILAYA_CODES, { description: 'Official wilaya code, 01 to 58.' });
