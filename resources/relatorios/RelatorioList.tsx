import { DataTable, useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { ResourceList } from '../../src/components/list';

const TITULO_DO_LOCALE: Record<string, string> = { 'pt-BR': 'tituloPtBr', es: 'tituloEs', en: 'tituloEn' };

/** Who opens a report: its user types and keys, or everyone. */
function useAcesso() {
  const translate = useTranslate();
  return (r: RaRecord) => {
    const partes = [
      ...(r.tiposUsuario as string[]).map((tipo) => translate(`tiposUsuario.${tipo}`)),
      ...(r.funcionalidades as string[]),
    ];
    return partes.length ? partes.join(', ') : translate('relatorios.todos');
  };
}

/** /relatorios and the super-admin page's Reports tab: the report definitions, in menu order. */
export default function RelatorioList({ title }: { title?: string }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const titulo = (r: RaRecord) => r[TITULO_DO_LOCALE[locale] ?? 'tituloPtBr'] as string;
  const acesso = useAcesso();
  const tipo = (r: RaRecord) =>
    translate(r.tipo === 'INTERNO' ? `relatorios.internos.${r.interno}` : `relatorios.tipos.${r.tipo}`);
  return (
    <ResourceList
      title={title}
      primaryText={titulo}
      secondaryText={(r) => `/relatorio/${r.slug} · ${acesso(r)}`}
      exportName="relatorios"
      sort={{ field: 'posicao', order: 'ASC' }}
    >
      <DataTable.Col source="posicao" label="relatorios.fields.posicao" />
      <DataTable.Col source="slug" label="relatorios.fields.slug" />
      <DataTable.Col label="relatorios.fields.titulo" render={titulo} />
      <DataTable.Col source="tipo" label="relatorios.fields.tipo" render={tipo} />
      <DataTable.Col label="relatorios.fields.acesso" render={acesso} />
    </ResourceList>
  );
}
