import { useMemo, type ReactNode } from 'react';
import { Create, Edit, SimpleForm, useNotify, useRedirect, useResourceContext, type RaRecord } from 'react-admin';
import { anuncioSchema, slideSchema } from '../../../domain/schemas/vitrine';
import { SLIDE_PADROES, type TipoVitrine } from '../../../domain/vitrine';
import { PageHeading, useRouteTitle } from '../form/RecordViews';
import { RecordToolbar } from '../form/RecordToolbar';
import { schemaResolver } from '../form/schemaResolver';
import { comIds } from './CamposVitrine';

// The create and edit views of slides and adverts (issue #30): the shared schema's resolver, the
// record read with the ids the input takes, saving that waits for the API (its field errors land
// under the fields), the audit link, and back to the list with the record's title once saved.

const RESOLVERS = { SLIDE: schemaResolver(slideSchema), ANUNCIO: schemaResolver(anuncioSchema) };

function useSalvo(tipo: TipoVitrine) {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext()!;
  return (data: RaRecord) => {
    notify(`vitrine.salvo.${tipo}`, { type: 'success', messageArgs: { titulo: data.titulo } });
    redirect('list', resource);
  };
}

function useErroSalvar(tipo: TipoVitrine) {
  const notify = useNotify();
  return (error: unknown) => {
    const message = (error as { message?: string } | null)?.message;
    notify(message || `vitrine.erroSalvar.${tipo}`, { type: 'error' });
  };
}

/** Default values of a new record: active, starting now for a week, the slide's text defaults. */
function padroes(tipo: TipoVitrine) {
  const inicio = new Date();
  inicio.setSeconds(0, 0);
  const fim = new Date(inicio.getTime() + 7 * 86_400_000);
  return {
    active: true,
    linkTarget: '_self',
    inicioDate: inicio.toISOString(),
    fimDate: fim.toISOString(),
    grupos: [],
    grupoIds: [],
    arquivo: null,
    arquivoId: null,
    ...(tipo === 'SLIDE' ? SLIDE_PADROES : {}),
  };
}

export function VitrineCreate({ tipo, children }: { tipo: TipoVitrine; children: ReactNode }) {
  const title = useRouteTitle('Novo');
  const onSuccess = useSalvo(tipo);
  const onError = useErroSalvar(tipo);
  const defaultValues = useMemo(() => padroes(tipo), [tipo]);
  return (
    <>
      <PageHeading title={title} />
      <Create title={title} mutationOptions={{ onSuccess, onError }}>
        <SimpleForm resolver={RESOLVERS[tipo]} defaultValues={defaultValues} toolbar={<RecordToolbar />}>
          {children}
        </SimpleForm>
      </Create>
    </>
  );
}

export function VitrineEdit({ tipo, children }: { tipo: TipoVitrine; children: ReactNode }) {
  const title = useRouteTitle('Editar');
  const onSuccess = useSalvo(tipo);
  const onError = useErroSalvar(tipo);
  return (
    <>
      <PageHeading title={title} />
      <Edit title={title} actions={false} mutationMode="pessimistic" mutationOptions={{ onSuccess, onError }}>
        <SimpleForm resolver={RESOLVERS[tipo]} defaultValues={comIds} toolbar={<RecordToolbar tipo={tipo} />}>
          {children}
        </SimpleForm>
      </Edit>
    </>
  );
}
