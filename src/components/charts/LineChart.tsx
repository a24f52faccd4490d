import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Group } from '@visx/group';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useId } from 'react';
import { useLargura } from './useLargura';

export interface LineSerie {
  id: string;
  nome: string;
  valores: readonly number[];
  /** A theme palette colour: 'primary', 'secondary', 'success', ... */
  cor: 'primary' | 'secondary' | 'success' | 'warning' | 'info';
  /** Dashed (told apart without colour). */
  tracejada?: boolean;
}

const ALTURA = 220;
const MARGEM = { top: 12, right: 16, bottom: 28, left: 44 };

/**
 * Lines of counts over a category axis (days), with a legend and up to three ticks on each axis. An SVG
 * `role="img"` named by `titulo` and described by `descricao`; the caller shows the data as a
 * table too.
 */
export function LineChart({
  rotulos,
  series,
  titulo,
  descricao,
  formatarY,
}: {
  /** The x axis, one per value of each series (formatted days). */
  rotulos: readonly string[];
  series: readonly LineSerie[];
  titulo: string;
  descricao: string;
  formatarY: (valor: number) => string;
}) {
  const theme = useTheme();
  const [ref, largura] = useLargura<HTMLDivElement>();
  const id = useId();
  const max = Math.max(1, ...series.flatMap((s) => s.valores));
  const x = scalePoint<number>({
    domain: rotulos.map((_, i) => i),
    range: [MARGEM.left, Math.max(MARGEM.left + 1, largura - MARGEM.right)],
    padding: 0.2,
  });
  const y = scaleLinear<number>({ domain: [0, max], range: [ALTURA - MARGEM.bottom, MARGEM.top], nice: true });
  // The values are counts (reads, sign-ins, downloads): a tick at 0.5 of them means nothing.
  const ticksY = y.ticks(3).filter(Number.isInteger);
  const ticksX = [...new Set([0, Math.floor((rotulos.length - 1) / 2), rotulos.length - 1])].filter((i) => i >= 0);
  return (
    <Box ref={ref} sx={{ width: '100%', minWidth: 0 }}>
      <svg
        width={largura}
        height={ALTURA}
        role="img"
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
        style={{ display: 'block' }}
      >
        <title id={`${id}-t`}>{titulo}</title>
        <desc id={`${id}-d`}>{descricao}</desc>
        <Group aria-hidden>
          {ticksY.map((t) => (
            <g key={t}>
              <line x1={MARGEM.left} x2={largura - MARGEM.right} y1={y(t)} y2={y(t)} stroke={theme.palette.divider} />
              <text
                x={MARGEM.left - 6}
                y={y(t)}
                textAnchor="end"
                dominantBaseline="central"
                fontSize={11}
                fill={theme.palette.text.secondary}
              >
                {formatarY(t)}
              </text>
            </g>
          ))}
          {ticksX.map((i) => (
            <text
              key={i}
              x={x(i)}
              y={ALTURA - 8}
              textAnchor={i === 0 ? 'start' : i === rotulos.length - 1 ? 'end' : 'middle'}
              fontSize={11}
              fill={theme.palette.text.secondary}
            >
              {rotulos[i]}
            </text>
          ))}
          {series.map((s) => (
            <g key={s.id}>
              <LinePath<number>
                data={s.valores.map((_, i) => i)}
                x={(i) => x(i) ?? 0}
                y={(i) => y(s.valores[i])}
                stroke={theme.palette[s.cor].main}
                strokeWidth={2}
                strokeDasharray={s.tracejada ? '6 4' : undefined}
              />
              {s.valores.map((v, i) => (
                <circle key={i} cx={x(i)} cy={y(v)} r={3} fill={theme.palette[s.cor].main} />
              ))}
            </g>
          ))}
        </Group>
      </svg>
      <Box
        component="ul"
        aria-hidden
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, fontSize: 12 }}
      >
        {series.map((s) => (
          <Box component="li" key={s.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <svg width={20} height={8}>
              <line
                x1={0}
                x2={20}
                y1={4}
                y2={4}
                stroke={theme.palette[s.cor].main}
                strokeWidth={2}
                strokeDasharray={s.tracejada ? '6 4' : undefined}
              />
            </svg>
            {s.nome}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
