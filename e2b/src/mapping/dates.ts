/**
 * HL7 TS (`CCYYMMDDhhmmss.ffff±ZZzz`, truncated to any precision) ⇄ the case document's
 * partial ISO date (`2024-03-07T14:05:09.5+01:00`). The two forms map one to one, so a date
 * keeps exactly the precision the source gave.
 */
const TS = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\.\d{1,4})?([+-]\d{4})?$/;
/** Nested as the case document's pattern: each part only after the one before, a zone only after an hour. */
const ISO =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(\.\d{1,4})?)?)?([+-]\d{2}:\d{2})?)?)?)?$/;

export function tsToIso(ts: string): string | undefined {
  const m = TS.exec(ts);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, tz] = m;
  if (frac !== undefined && s === undefined) return undefined;
  if (tz !== undefined && h === undefined) return undefined;
  let out = y!;
  if (mo !== undefined) out += `-${mo}`;
  if (d !== undefined) out += `-${d}`;
  if (h !== undefined) out += `T${h}`;
  if (mi !== undefined) out += `:${mi}`;
  if (s !== undefined) out += `:${s}`;
  if (frac !== undefined) out += frac;
  if (tz !== undefined) out += `${tz.slice(0, 3)}:${tz.slice(3)}`;
  return out;
}

export function isoToTs(iso: string): string {
  const m = ISO.exec(iso);
  if (!m) {
    throw new RangeError(`"${iso}" is not a partial date (YYYY[-MM[-DD[Thh[:mm[:ss]]]]][±hh:mm])`);
  }
  const [, y, mo, d, h, mi, s, frac, tz] = m;
  return [y, mo, d, h, mi, s, frac, tz?.replace(':', '')].filter((p) => p !== undefined).join('');
}

/** Number of significant characters of a TS date part (8 = day precision). */
export function tsPrecision(ts: string): number {
  return ts.replace(/[.+-].*$/, '').length;
}
