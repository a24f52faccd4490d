/** A browser and system name from a user agent, for the list of devices ("Chrome", "Windows"). */
export function describeUserAgent(userAgent: string | null | undefined): { navegador?: string; sistema?: string } {
  const ua = userAgent ?? '';
  const navegador = [
    [/Edg(A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] as string | undefined;
  const sistema = [
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] as string | undefined;
  return { navegador, sistema };
}
