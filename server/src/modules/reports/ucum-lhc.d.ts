/** The part of @lhncbc/ucum-lhc (no types of its own) that reports.codes.ts uses. */
declare module '@lhncbc/ucum-lhc' {
  interface UnitValidation {
    status: 'valid' | 'invalid' | 'error';
    ucumCode: string | null;
    msg: string[];
    suggestions?: { msg: string; invalidUnit: string; units: [string, string, unknown][] }[];
  }
  const ucum: {
    UcumLhcUtils: { getInstance(): { validateUnitString(unit: string, suggest?: boolean): UnitValidation } };
  };
  export default ucum;
}
