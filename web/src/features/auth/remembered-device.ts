/**
 * Remember-device tokens, kept in this browser per sign-in name: the server skips the
 * second factor for 30 days when the login carries the token it issued for this device.
 */
const STORAGE_KEY = 'vigilo.rememberedDevices';

const keyOf = (identifier: string) => identifier.trim().toLowerCase();

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberedDeviceToken(identifier: string): string | undefined {
  const token = readAll()[keyOf(identifier)];
  return typeof token === 'string' && token ? token : undefined;
}

export function storeDeviceToken(identifier: string, token: string): void {
  try {
    globalThis.localStorage?.setItem(
      STORAGE_KEY,
      JSON.stringify({ ...readAll(), [keyOf(identifier)]: token }),
    );
  } catch {
    // Storage full or disabled: the next sign-in simply asks for a code again.
  }
}
