import Box from '@mui/material/Box';
import { useLocaleState, useTranslate } from 'react-admin';
import { BarChart } from '../../components/charts';
import { formatBytes, formatNumber, percentual } from '../../components/format';
import { Numero } from '../../components/Numero';
import { Secao } from '../../components/Secao';
import { PorSemana } from './PorSemana';
import { RelatorioInterno } from './RelatorioInterno';
import { TabelaRelatorio } from './TabelaRelatorio';

interface Pasta {
  id: string;
  nome: string;
  arquivos: number;
  bytes: number;
  downloads: number;
}
interface Arquivo {
  id: string;
  nome: string;
  pasta: string;
  downloads: number;
}
interface Biblioteca {
  arquivos: number;
  bytes: number;
  downloads: number;
  usuarios: number;
  pastas: Pasta[];
  semanas: { semana: string; downloads: number; usuarios: number }[];
  maisBaixados: Arquivo[];
  menosBaixados: Arquivo[];
}

const T = 'relatorios.biblioteca';
const BARRAS_MAX = 15;

/** Top folders: each one's share of the downloads as bars, and the table of files, storage and downloads. */
function Pastas({ pastas, total }: { pastas: Pasta[]; total: number }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const t = (key: string) => translate(`${T}.${key}`);
  const secao = t('secoes.PASTAS');
  if (pastas.length === 0) return null;
  return (
    <Secao titulo={secao}>
      {total > 0 && (
        <BarChart
          titulo={t('graficoPastas')}
          descricao={t('graficoPastasDescricao')}
          dados={pastas.slice(0, BARRAS_MAX).map((p) => ({ id: p.id, nome: p.nome, valor: p.downloads / total }))}
          formatar={(v) => percentual(v, locale)}
        />
      )}
      <TabelaRelatorio
        titulo={secao}
        linhas={pastas}
        chave={(p) => p.id}
        colunas={[
          { id: 'nome', rotulo: t('pasta'), valor: (p) => p.nome, nome: true },
          {
            id: 'arquivos',
            rotulo: t('arquivos'),
            valor: (p) => formatNumber(p.arquivos, locale),
            numero: true,
          },
          { id: 'bytes', rotulo: t('armazenamento'), valor: (p) => formatBytes(p.bytes, locale), numero: true },
          { id: 'downloads', rotulo: t('downloads'), valor: (p) => formatNumber(p.downloads, locale), numero: true },
          // The chart's figure, so the table (its text alternative) says it too.
          {
            id: 'parcela',
            rotulo: t('parcelaDownloads'),
            valor: (p) => (total > 0 ? percentual(p.downloads / total, locale) : '—'),
            numero: true,
          },
        ]}
      />
    </Secao>
  );
}

/** The most or least downloaded files: name, folder, downloads in the period. */
function Arquivos({ secao, arquivos }: { secao: 'MAIS' | 'MENOS'; arquivos: Arquivo[] }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const titulo = translate(`${T}.secoes.${secao}`);
  if (arquivos.length === 0) return null;
  return (
    <Secao titulo={titulo}>
      <TabelaRelatorio
        titulo={titulo}
        linhas={arquivos}
        chave={(a) => a.id}
        colunas={[
          { id: 'nome', rotulo: translate('relatorios.alcance.nome'), valor: (a) => a.nome, nome: true },
          { id: 'pasta', rotulo: translate(`${T}.pasta`), valor: (a) => a.pasta, nome: true },
          {
            id: 'downloads',
            rotulo: translate(`${T}.downloads`),
            valor: (a) => formatNumber(a.downloads, locale),
            numero: true,
          },
        ]}
      />
    </Secao>
  );
}

function Figuras({ b }: { b: Biblioteca }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const t = (key: string) => translate(`${T}.${key}`);
  return (
    <>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Numero rotulo={t('arquivos')} valor={formatNumber(b.arquivos, locale)} />
        <Numero rotulo={t('armazenamento')} valor={formatBytes(b.bytes, locale)} />
        <Numero rotulo={t('downloads')} valor={formatNumber(b.downloads, locale)} />
        <Numero rotulo={t('usuarios')} valor={formatNumber(b.usuarios, locale)} />
      </Box>
      <PorSemana
        textos={T}
        semanas={b.semanas}
        colunas={[
          { valor: 'downloads', rotulo: 'downloads' },
          { valor: 'usuarios', rotulo: 'usuarios' },
        ]}
      />
      <Pastas pastas={b.pastas} total={b.downloads} />
      <Arquivos secao="MAIS" arquivos={b.maisBaixados} />
      <Arquivos secao="MENOS" arquivos={b.menosBaixados} />
    </>
  );
}

/**
 * The built-in library usage report (issue #31): the files the reader may read and their storage,
 * downloads per week (a line chart and its table), each top folder's share of the downloads (bars
 * and table), the most and least downloaded files; CSV and XLSX export.
 */
export default function BibliotecaRelatorio({ slug }: { slug: string }) {
  return (
    <RelatorioInterno<Biblioteca>
      slug={slug}
      consulta="biblioteca"
      exportacao="relatorioBiblioteca"
      vazio={(b) => b.arquivos === 0}
    >
      {(b) => <Figuras b={b} />}
    </RelatorioInterno>
  );
}
