import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentType, OwnerDocument } from '@shared/schemas/owner';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { ownerKeys, ownerPath, type OwnerRef } from './owner-path';

export interface DocumentList {
  count: number;
  results: OwnerDocument[];
}

/** GET /api/v1/{kind}/{id}/documents/ — `team`: the documents of the owner's team members. */
export async function listDocuments(owner: OwnerRef, team: boolean): Promise<DocumentList> {
  return api.get<DocumentList>(ownerPath(owner, 'documents/'), { params: { team: team ? 'true' : null } });
}

export function useDocuments(owner: OwnerRef, team = false) {
  return useQuery(
    queryOptions({ queryKey: ownerKeys.section(owner, 'documents', team), queryFn: () => listDocuments(owner, team) }),
  );
}

export interface NewDocument {
  file: File;
  type: DocumentType;
  title: string;
  valid_until: string;
  team_member: number | null;
}

/** POST /api/v1/{kind}/{id}/documents/ as form data: the file under `file`, then the other fields. */
export async function uploadDocument(owner: OwnerRef, document: NewDocument): Promise<OwnerDocument> {
  const path = ownerPath(owner, 'documents/');
  const form = new FormData();
  form.append('type', document.type);
  form.append('title', document.title);
  form.append('valid_until', document.valid_until);
  if (document.team_member !== null) form.append('team_member', String(document.team_member));
  form.append('file', document.file, document.file.name);
  return api.post<OwnerDocument>(path, form);
}

/** DELETE /api/v1/document/{id}/ */
export async function deleteDocument(id: number): Promise<void> {
  return api.delete(`document/${id}/`);
}

/** GET /api/v1/document/{id}/download/, saved as a file. */
export async function downloadDocument(document: Pick<OwnerDocument, 'id' | 'file_name'>): Promise<void> {
  return downloadFile(`document/${document.id}/download/`, document.file_name);
}

export function useDocumentMutations(owner: OwnerRef) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ownerKeys.section(owner, 'documents') });
  return {
    upload: useMutation({ mutationFn: (document: NewDocument) => uploadDocument(owner, document), onSuccess }),
    remove: useMutation({ mutationFn: deleteDocument, onSuccess }),
  };
}
