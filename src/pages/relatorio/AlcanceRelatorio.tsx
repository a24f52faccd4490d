import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { BarChart } from '../../components/charts';
import { formatNumber, percentual } from '../../components/format';
import { Numero } from '../../components/Numero';
import { Secao } from '../../components/Secao';
import { RelatorioInterno } from './RelatorioInterno';
import { TabelaRelatorio } from './TabelaRelatorio';

type Nivel = 'MARCA' | 'GRUPO' | 'DEALER';
interface Linha {
  id: string;
  nivel: Nivel;
  nome: string;
  comunicados: number;
  destinatarios: number;
  lidos: number;
  pedemConfirmacao: number;
  confirmados: number;
  taxaLeitura: number;
  taxaConfirmacao: number;
}
type Figuras = Omit<Linha, 'id' | 'nivel' | 'nome'>;
interface Alcance extends Figuras {
  marcas: Linha[];
  grupos: Linha[];
  dealers: Linha[];
}

/** The chart shows this many rows, least read first (the table has them all). */
const BARRAS_MAX = 15;
/** One level of the roll-up: the least-read bars and the table of the same figures. */
function Nivel({ nivel, linhas }: { nivel: Nivel; linhas: Linha[] }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const secao = translate(`relatorios.alcance.secoes.${nivel}`);
  if (linhas.length === 0) return null;
  const col = (key: string) => translate(`relatorios.alcance.${key}`);
  return (
    <Secao titulo={secao}>
      <BarChart
        titulo={translate('relatorios.alcance.grafico', { secao })}
        descricao={translate('relatorios.alcance.graficoDescricao')}
        dados={linhas.slice(0, BARRAS_MAX).map((l) => ({ id: l.id, nome: l.nome, valor: l.taxaLeitura }))}
        formatar={(v) => percentual(v, locale)}
      />
      <TabelaRelatorio
        titulo={secao}
        linhas={linhas}
        chave={(l) => l.id}
        colunas={[
          { id: 'nome', rotulo: translate(`relatorios.alcance.niveis.${nivel}`), valor: (l) => l.nome, nome: true },
          ...(['comunicados', 'destinatarios', 'lidos'] as const).map((k) => ({
            id: k,
            rotulo: col(k),
            valor: (l: Linha) => formatNumber(l[k], locale),
            numero: true,
          })),
          {
            id: 'taxaLeitura',
            rotulo: col('taxaLeitura'),
            valor: (l) => percentual(l.taxaLeitura, locale),
            numero: true,
          },
          {
            id: 'taxaConfirmacao',
            rotulo: col('taxaConfirmacao'),
            valor: (l) => (l.pedemConfirmacao ? percentual(l.taxaConfirmacao, locale) : '—'),
            numero: true,
          },
        ]}
      />
      <Typography variant="caption" color="text.secondary">
        {translate(`relatorios.alcance.notas.${nivel}`)}
      </Typography>
    </Secao>
  );
}

/** The totals, then each level of the roll-up. */
function Figuras({ a }: { a: Alcance }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  return (
    <>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Numero rotulo={translate('relatorios.alcance.comunicados')} valor={formatNumber(a.comunicados, locale)} />
        <Numero rotulo={translate('relatorios.alcance.destinatarios')} valor={formatNumber(a.destinatarios, locale)} />
        <Numero
          rotulo={translate('relatorios.alcance.taxaLeitura')}
          valor={percentual(a.taxaLeitura, locale)}
          detalhe={translate('relatorios.alcance.lidosQuantos', {
            smart_count: a.lidos,
            n: formatNumber(a.lidos, locale),
          })}
        />
        <Numero
          rotulo={translate('relatorios.alcance.taxaConfirmacao')}
          valor={a.pedemConfirmacao ? percentual(a.taxaConfirmacao, locale) : '—'}
          detalhe={`${formatNumber(a.confirmados, locale)} / ${formatNumber(a.pedemConfirmacao, locale)}`}
        />
      </Box>
      <Nivel nivel="MARCA" linhas={a.marcas} />
      <Nivel nivel="GRUPO" linhas={a.grupos} />
      <Nivel nivel="DEALER" linhas={a.dealers} />
    </>
  );
}

/**
 * The built-in announcement-reach report (issue #31): filters (period, brand, dealer group,
 * dealer), the totals, and by brand, dealer group and dealer the read rate as bars (least read
 * first) beside a table of the same figures (the chart's text alternative); CSV and XLSX export.
 */
export default function AlcanceRelatorio({ slug }: { slug: string }) {
  return (
    <RelatorioInterno<Alcance>
      slug={slug}
      consulta="alcance"
      exportacao="relatorioAlcance"
      vazio={(a) => a.destinatarios === 0}
    >
      {(a) => <Figuras a={a} />}
    </RelatorioInterno>
  );
}
