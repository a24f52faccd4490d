import { useLayoutEffect, useRef, useState, type ComponentType } from 'react';

export interface LogoColors {
  primary: string;
  secondary: string;
  /** Text colour on `primary`. */
  contrastText: string;
  /** Text colour on the page background. */
  text: string;
  /** The top bar's colour (primary or secondary, per theme) and the text colour on it. */
  bar: string;
  barText: string;
}

export interface PortalLogoProps {
  /** The portal's name: the logo's accessible name, after the client's name when that is not part of it. */
  portalName: string;
  /** Client name, written next to the mark. */
  clientName: string;
  colors: LogoColors;
  fontFamily?: string;
  /** Rendered height in px; the width follows. */
  height?: number;
  /** Drawn on the brand-coloured top bar rather than on a light page. */
  onBar?: boolean;
}

const MARK = 40;
const GAP = 10;
// Rough advance of one wordmark character at font size 18: the viewBox's width until the browser
// has measured the wordmark in the font it really uses (a wider font clipped the last letter).
const CHAR_WIDTH = 10.5;

/** The wordmark's width as drawn (its font loaded), or null where nothing is measured (tests). */
function useLarguraDoTexto(texto: string, fontFamily: string | undefined) {
  const ref = useRef<SVGTextElement>(null);
  const [largura, setLargura] = useState<number | null>(null);
  useLayoutEffect(() => {
    let vivo = true;
    const medir = () => {
      const medida = ref.current?.getComputedTextLength?.();
      if (vivo && medida) setLargura(Math.ceil(medida) + 2);
    };
    medir();
    void document.fonts?.ready.then(medir);
    return () => {
      vivo = false;
    };
  }, [texto, fontFamily]);
  return { ref, largura };
}

/** A badge with the client's initial and the client's name, in the theme's colours. */
export function PortalLogo({
  portalName,
  clientName,
  colors,
  fontFamily,
  height = 32,
  onBar = false,
}: PortalLogoProps) {
  const name = clientName.trim();
  // The wordmark is the logo's visible text: its name says it too (WCAG 2.5.3), then the portal's.
  const label = portalName.includes(name) ? portalName : `${name} – ${portalName}`;
  const texto = useLarguraDoTexto(name, fontFamily);
  const width = MARK + GAP + (texto.largura ?? Math.ceil(name.length * CHAR_WIDTH));
  const badge = onBar ? colors.barText : colors.primary;
  const initial = onBar ? colors.bar : colors.contrastText;
  const wordmark = onBar ? colors.barText : colors.text;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${MARK}`}
      width={(width * height) / MARK}
      height={height}
      fontFamily={fontFamily}
    >
      <rect width={MARK} height={MARK} rx={MARK / 4} fill={badge} data-part="badge" />
      {/* The badge's initial repeats the wordmark's first letter: decoration. */}
      <text x={MARK / 2} y={25} textAnchor="middle" fontSize={20} fontWeight={700} fill={initial} aria-hidden>
        {name.charAt(0).toUpperCase()}
      </text>
      <path
        d="M9 31 Q20 26 31 31"
        fill="none"
        stroke={colors.secondary}
        strokeWidth={3}
        strokeLinecap="round"
        data-part="accent"
      />
      <text ref={texto.ref} x={MARK + GAP} y={27} fontSize={18} fontWeight={600} fill={wordmark}>
        {name}
      </text>
    </svg>
  );
}

/** The logo as a theme exposes it: colours and client name fixed, the portal name given at use. */
export type ThemeLogoProps = Omit<PortalLogoProps, 'clientName' | 'colors' | 'fontFamily'>;

export function bindLogo(brand: Pick<PortalLogoProps, 'clientName' | 'colors' | 'fontFamily'>) {
  const ThemeLogo: ComponentType<ThemeLogoProps> = (props) => <PortalLogo {...brand} {...props} />;
  ThemeLogo.displayName = `Logo(${brand.clientName})`;
  return ThemeLogo;
}
