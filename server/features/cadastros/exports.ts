import { z } from 'zod';
import type { AccessRule } from '../../../domain/access';
import { optionalBoolean } from '../../../domain/schemas/lista';
import type { Db } from '../../db/client';
import { listExport, type ExportColumn, type ListExport } from '../../export';
import * as q from './queries';

// CSV/XLSX export of the reference lists. The lists are small and filtered by the client (search
// over the shown texts, equality filters), so the export applies the same filters to the whole list.

const normalise = (value: unknown) =>
  String(value ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

const optionalRef = z.coerce.number('validation.invalidValue').int().positive('validation.invalidValue').nullish();

/** The list's filterInput without paging: search, sort and the list's own equality filters. */
function filterSchema<F extends z.ZodRawShape>(sortFields: readonly [string, ...string[]], filters: F) {
  return z.object({
    busca: z.string().trim().max(200, 'validation.maxLength').nullish(),
    sort: z.object({ field: z.enum(sortFields, 'validation.invalidOption'), order: z.enum(['ASC', 'DESC']) }).nullish(),
    ...filters,
  });
}

type Row = Record<string, unknown>;

interface Spec<R extends Row> {
  read: (db: Db) => Promise<R[]>;
  /** Column key (as the list's fields) -> header and value. */
  columns: Record<string, ExportColumn<R>>;
  /** Equality filters: filter key -> the row's value it compares with. */
  filters?: Record<string, (row: R) => unknown>;
  filterShape?: z.ZodRawShape;
  fileName: string;
}

function referenceExport<R extends Row>(access: AccessRule, spec: Spec<R>): ListExport {
  const keys = Object.keys(spec.columns) as [string, ...string[]];
  return listExport({
    access,
    filterSchema: filterSchema(keys, spec.filterShape ?? {}),
    fileName: spec.fileName,
    columns: Object.values(spec.columns),
    async rows(db, _session, filter: Row & { busca?: string | null; sort?: { field: string; order: string } | null }) {
      const needle = normalise(filter.busca);
      const columns = Object.values(spec.columns);
      let rows = (await spec.read(db)).filter(
        (row) =>
          (!needle || columns.some((c) => normalise(c.value(row)).includes(needle))) &&
          Object.entries(spec.filters ?? {}).every(
            ([key, valueOf]) => filter[key] === undefined || filter[key] === null || valueOf(row) === filter[key],
          ),
      );
      if (filter.sort) {
        const column = spec.columns[filter.sort.field];
        const direction = filter.sort.order === 'DESC' ? -1 : 1;
        rows = [...rows].sort(
          (a, b) => collator.compare(String(column.value(a) ?? ''), String(column.value(b) ?? '')) * direction,
        );
      }
      return rows;
    },
  });
}

/** The exports of the cadastros lists, by list name (= resource). */
export function cadastrosExports(access: AccessRule): Record<string, ListExport> {
  return {
    marcas: referenceExport<q.MarcaRow>(access, {
      read: q.listMarcas,
      fileName: 'routes.marcas',
      columns: {
        nome: { header: 'cadastros.fields.nome', value: (m) => m.nome },
        descricao: { header: 'cadastros.fields.descricao', value: (m) => m.descricao },
        facebookId: { header: 'cadastros.fields.facebookId', value: (m) => m.facebookId },
        active: { header: 'cadastros.fields.active', value: (m) => m.active },
      },
      filters: { active: (m) => m.active },
      filterShape: { active: optionalBoolean },
    }),
    cargos: referenceExport<q.CargoRow>(access, {
      read: q.listCargos,
      fileName: 'routes.cargos',
      columns: { nome: { header: 'cadastros.fields.nome', value: (c) => c.nome } },
    }),
    departamentos: referenceExport<q.DepartamentoRow>(access, {
      read: q.listDepartamentos,
      fileName: 'routes.departamentos',
      columns: {
        nome: { header: 'cadastros.fields.nome', value: (d) => d.nome },
        sigla: { header: 'cadastros.fields.sigla', value: (d) => d.sigla },
        assinatura: { header: 'cadastros.fields.assinatura', value: (d) => d.assinatura },
      },
    }),
    divisoes: referenceExport<q.DivisaoRow>(access, {
      read: q.listDivisoes,
      fileName: 'routes.divisoes',
      columns: { nome: { header: 'cadastros.fields.nome', value: (d) => d.nome } },
    }),
    setores: referenceExport<Awaited<ReturnType<typeof q.listSetores>>[number]>(access, {
      read: q.listSetores,
      fileName: 'routes.setores',
      columns: {
        nome: { header: 'cadastros.fields.nome', value: (s) => s.nome },
        'divisao.nome': { header: 'cadastros.fields.divisao', value: (s) => s.divisao.nome },
      },
      filters: { divisaoId: (s) => s.divisaoId },
      filterShape: { divisaoId: optionalRef },
    }),
    desligamentos: referenceExport<q.DesligamentoRow>(access, {
      read: q.listDesligamentos,
      fileName: 'routes.desligamentos',
      columns: { motivo: { header: 'cadastros.fields.motivo', value: (d) => d.motivo } },
    }),
    redesSociais: referenceExport<Awaited<ReturnType<typeof q.listRedesSociais>>[number]>(access, {
      read: (db) => q.listRedesSociais(db),
      fileName: 'routes.redesSociais',
      columns: {
        'marca.nome': { header: 'cadastros.fields.marca', value: (r) => r.marca.nome },
        nome: { header: 'cadastros.fields.nome', value: (r) => r.nome },
        url: { header: 'cadastros.fields.url', value: (r) => r.url },
        icone: { header: 'cadastros.fields.icone', value: (r) => r.icone },
      },
      filters: { marcaId: (r) => r.marcaId },
      filterShape: { marcaId: optionalRef },
    }),
  };
}
