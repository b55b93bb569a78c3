import { apiRequest } from '../../lib/api.ts';

// The pitch calls (spec §7). The pitch API is a later piece of work; until it answers, these fail
// and the screens say so.

export interface ContactRequest {
  name: string;
  email: string;
  asked_for_contact: boolean;
}

export const addContact = (body: ContactRequest) =>
  apiRequest<unknown>('/projects/add-contact/', { json: body });

export const submitProject = (form: FormData) =>
  apiRequest<{ id: string | number }>('/projects/submit-project/', { form });
