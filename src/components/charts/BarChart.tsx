import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId } from 'react';
import { useLargura } from './useLargura';

export interface BarDatum {
  id: string;
  nome: string;
  /** 0 to 1 (a rate), drawn as a share of the axis. */
  valor: number;
}

const ALTURA_BARRA = 22;
const ESPACO = 10;
/** Under this width each label goes above its bar instead of beside it. */
const ESTREITO = 480;
/** A label's character at 12 px, on average: what the label column gives each. */
const LETRA = 7.5;
/** The label column: as wide as the longest name needs, at most this share of the chart. */
const ROTULO_MAX = 0.4;

/**
 * Horizontal bars of rates (0 to 1), one per row in the order given, with the value at the bar's
 * end, under its title (what the percentages are). An SVG `role="img"` named by `titulo` and
 * described by `descricao` (its data is also in a table beside it: a chart never stands alone).
 */
export function BarChart({
  dados,
  titulo,
  descricao,
  formatar,
}: {
  dados: readonly BarDatum[];
  titulo: string;
  descricao: string;
  formatar: (valor: number) => string;
}) {
  const theme = useTheme();
  const [ref, largura] = useLargura<HTMLDivElement>();
  const id = useId();
  const estreito = largura < ESTREITO;
  const maisLongo = Math.max(0, ...dados.map((d) => d.nome.length));
  const rotulo = estreito ? 0 : Math.min(maisLongo * LETRA + 8, Math.round(largura * ROTULO_MAX));
  const linha = ALTURA_BARRA + (estreito ? 18 : 0);
  const altura = dados.length * (linha + ESPACO);
  const valorLargura = 48;
  const x = scaleLinear<number>({ domain: [0, 1], range: [0, Math.max(40, largura - rotulo - valorLargura)] });
  const y = scaleBand<string>({ domain: dados.map((d) => d.id), range: [0, altura], padding: 0 });
  const cortar = (nome: string) => {
    const max = Math.max(8, Math.floor((estreito ? largura : rotulo - 8) / LETRA));
    return nome.length > max ? `${nome.slice(0, max - 1)}…` : nome;
  };
  return (
    <Box ref={ref} sx={{ width: '100%', minWidth: 0 }}>
      {/* Seen; heard as the chart's name (its <title>). */}
      <Typography variant="body2" color="text.secondary" aria-hidden sx={{ mb: 1 }}>
        {titulo}
      </Typography>
      <svg
        width={largura}
        height={altura}
        role="img"
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
        style={{ display: 'block' }}
      >
        <title id={`${id}-t`}>{titulo}</title>
        <desc id={`${id}-d`}>{descricao}</desc>
        {dados.map((d) => {
          const topo = y(d.id) ?? 0;
          const barraTopo = topo + (estreito ? 18 : 0);
          const w = x(Math.max(0, Math.min(1, d.valor)));
          return (
            <Group key={d.id} aria-hidden>
              <text
                x={estreito ? 0 : rotulo - 8}
                y={estreito ? topo + 13 : barraTopo + ALTURA_BARRA / 2}
                textAnchor={estreito ? 'start' : 'end'}
                dominantBaseline={estreito ? undefined : 'central'}
                fontSize={12}
                fill={theme.palette.text.primary}
              >
                <title>{d.nome}</title>
                {cortar(d.nome)}
              </text>
              <Bar x={rotulo} y={barraTopo} width={x(1)} height={ALTURA_BARRA} fill={theme.palette.action.hover} />
              <Bar x={rotulo} y={barraTopo} width={w} height={ALTURA_BARRA} fill={theme.palette.primary.main} />
              <text
                x={rotulo + x(1) + 6}
                y={barraTopo + ALTURA_BARRA / 2}
                dominantBaseline="central"
                fontSize={12}
                fill={theme.palette.text.secondary}
              >
                {formatar(d.valor)}
              </text>
            </Group>
          );
        })}
      </svg>
    </Box>
  );
}
