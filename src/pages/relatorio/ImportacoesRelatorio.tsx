import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { BarChart } from '../../components/charts';
import { formatDate, formatNumber, percentual } from '../../components/format';
import { Numero } from '../../components/Numero';
import { Secao } from '../../components/Secao';
import { RelatorioInterno } from './RelatorioInterno';
import { TabelaRelatorio } from './TabelaRelatorio';

interface Importacao {
  id: string;
  nomeArquivo: string;
  autor: string;
  criadoEm: string;
  status: string;
  total: number;
  criados: number;
  atualizados: number;
  recusados: number;
}
interface Fila {
  fila: string;
  execucoes: number;
  concluidas: number;
  falhas: number;
  emAndamento: number;
  taxaFalhas: number;
  duracaoMedia: number | null;
}
interface Importacoes {
  importacoes: number;
  linhas: number;
  criados: number;
  atualizados: number;
  recusados: number;
  lista: Importacao[];
  filas: Fila[];
}

const T = 'relatorios.importacoes';
const DATA_HORA = { dateStyle: 'short', timeStyle: 'short' } as const;

/** A queue's name for people (a queue added later shows its technical name until it gets one). */
const useNomeFila = () => {
  const translate = useTranslate();
  return (fila: string) => translate(`${T}.filas.${fila}`, { _: fila });
};

/** Job runs by queue: the failure rate as bars, and the table of runs, failures and duration. */
function Filas({ filas }: { filas: Fila[] }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const nomeFila = useNomeFila();
  const t = (key: string) => translate(`${T}.${key}`);
  const secao = t('secoes.FILAS');
  if (filas.length === 0) return null;
  return (
    <Secao titulo={secao}>
      <BarChart
        titulo={t('grafico')}
        descricao={t('graficoDescricao')}
        dados={filas.map((f) => ({ id: f.fila, nome: nomeFila(f.fila), valor: f.taxaFalhas }))}
        formatar={(v) => percentual(v, locale)}
      />
      <TabelaRelatorio
        titulo={secao}
        linhas={filas}
        chave={(f) => f.fila}
        colunas={[
          { id: 'fila', rotulo: t('fila'), valor: (f) => nomeFila(f.fila), nome: true },
          { id: 'execucoes', rotulo: t('execucoes'), valor: (f) => formatNumber(f.execucoes, locale), numero: true },
          { id: 'concluidas', rotulo: t('concluidas'), valor: (f) => formatNumber(f.concluidas, locale), numero: true },
          { id: 'falhas', rotulo: t('falhas'), valor: (f) => formatNumber(f.falhas, locale), numero: true },
          // The chart's figure, so the table (its text alternative) says it too.
          { id: 'taxaFalhas', rotulo: t('taxaFalhas'), valor: (f) => percentual(f.taxaFalhas, locale), numero: true },
          {
            id: 'emAndamento',
            rotulo: t('emAndamento'),
            valor: (f) => formatNumber(f.emAndamento, locale),
            numero: true,
          },
          {
            id: 'duracaoMedia',
            rotulo: t('duracaoMedia'),
            valor: (f) => (f.duracaoMedia === null ? '—' : formatNumber(f.duracaoMedia, locale)),
            numero: true,
          },
        ]}
      />
    </Secao>
  );
}

/** The period's imports, newest first: file, author, when, status and rows. */
function Lista({ lista, total }: { lista: Importacao[]; total: number }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const t = (key: string) => translate(`${T}.${key}`);
  const secao = t('secoes.IMPORTACOES');
  if (lista.length === 0) return null;
  return (
    <Secao titulo={secao}>
      {total > lista.length && (
        // The screen lists the newest; the export has every one.
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.listaCortada`, {
            n: formatNumber(lista.length, locale),
            total: formatNumber(total, locale),
          })}
        </Typography>
      )}
      <TabelaRelatorio
        titulo={secao}
        linhas={lista}
        chave={(i) => i.id}
        colunas={[
          { id: 'arquivo', rotulo: t('arquivoImportado'), valor: (i) => i.nomeArquivo, nome: true },
          { id: 'autor', rotulo: t('autor'), valor: (i) => i.autor, nome: true },
          {
            id: 'criadoEm',
            rotulo: t('criadoEm'),
            valor: (i) => formatDate(i.criadoEm, locale, DATA_HORA),
          },
          { id: 'status', rotulo: t('status'), valor: (i) => translate(`importarUsuarios.pagina.status.${i.status}`) },
          {
            id: 'criados',
            rotulo: t('criados'),
            valor: (i) => formatNumber(i.criados, locale),
            numero: true,
          },
          {
            id: 'atualizados',
            rotulo: t('atualizados'),
            valor: (i) => formatNumber(i.atualizados, locale),
            numero: true,
          },
          { id: 'recusados', rotulo: t('recusados'), valor: (i) => formatNumber(i.recusados, locale), numero: true },
        ]}
      />
    </Secao>
  );
}

function Figuras({ r }: { r: Importacoes }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const t = (key: string) => translate(`${T}.${key}`);
  return (
    <>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
        <Numero rotulo={t('importacoes')} valor={formatNumber(r.importacoes, locale)} />
        <Numero rotulo={t('linhas')} valor={formatNumber(r.linhas, locale)} />
        <Numero rotulo={t('criados')} valor={formatNumber(r.criados, locale)} />
        <Numero rotulo={t('atualizados')} valor={formatNumber(r.atualizados, locale)} />
        <Numero rotulo={t('recusados')} valor={formatNumber(r.recusados, locale)} />
      </Box>
      <Filas filas={r.filas} />
      <Lista lista={r.lista} total={r.importacoes} />
    </>
  );
}

/**
 * The built-in imports-and-jobs report (issue #31): the period's user imports (rows created,
 * updated and refused; the newest 100 listed) and background-job runs by queue (failure rate as
 * bars beside the table), of authors in the reader's scope; CSV and XLSX export of the imports.
 */
export default function ImportacoesRelatorio({ slug }: { slug: string }) {
  return (
    <RelatorioInterno<Importacoes>
      slug={slug}
      consulta="importacoes"
      exportacao="relatorioImportacoes"
      vazio={(r) => r.importacoes === 0 && r.filas.length === 0}
    >
      {(r) => <Figuras r={r} />}
    </RelatorioInterno>
  );
}
