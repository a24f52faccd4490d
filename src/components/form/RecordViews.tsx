import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Create, Edit, SimpleForm, useResourceContext, useTranslate } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import type { TipoAuditoria } from '../../../domain/auditoria';
import { RecordToolbar } from './RecordToolbar';

/** The route's title as the page heading, above the view so that it shows while the record loads. */
export function PageHeading({ title }: { title: string }) {
  return (
    <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
      {title}
    </Typography>
  );
}

/** The create and edit routes of a resource are titled `routes.<resource>Novo` / `routes.<resource>Editar`. */
export function useRouteTitle(suffix: 'Novo' | 'Editar') {
  const resource = useResourceContext();
  return useTranslate()(`routes.${resource}${suffix}`);
}

interface SimpleViewProps {
  /** The shared schema's resolver (schemaResolver of domain/schemas). */
  resolver: Resolver;
  /** The resource's XInputs. */
  children: ReactNode;
}

/** /x/novo of a one-form resource: the form, back to the list once saved. */
export function SimpleCreate({ resolver, children }: SimpleViewProps) {
  const title = useRouteTitle('Novo');
  return (
    <>
      <PageHeading title={title} />
      <Create redirect="list" title={title}>
        <SimpleForm resolver={resolver} toolbar={<RecordToolbar />}>
          {children}
        </SimpleForm>
      </Create>
    </>
  );
}

/**
 * /x/:id of a one-form resource: saving waits for the API so its field errors show under the
 * fields; the toolbar has the audit link and, when `removable`, removal behind a confirmation.
 */
export function SimpleEdit({
  resolver,
  children,
  tipo,
  removable = false,
}: SimpleViewProps & { tipo: TipoAuditoria; removable?: boolean }) {
  const title = useRouteTitle('Editar');
  return (
    <>
      <PageHeading title={title} />
      <Edit redirect="list" mutationMode="pessimistic" title={title} actions={false}>
        <SimpleForm
          resolver={resolver}
          toolbar={
            <RecordToolbar
              tipo={tipo}
              removable={removable}
              removeTitle="referencia.remover.title"
              removeContent="referencia.remover.content"
            />
          }
        >
          {children}
        </SimpleForm>
      </Edit>
    </>
  );
}
