import type {
  ComplaintDetail,
  ComplaintFigures,
  ComplaintRegisterRow,
  ComplaintStatus,
  ComplaintStatusDto,
  FileComplaintRequest,
} from '@indiesplit/shared/complaints';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

// The complaints calls: filing and the complainant's views (/complaints/*), and the admins'
// register (/backoffice/complaints/*). One fetcher each, query options for reads, one hook each;
// every change to a complaint refreshes the register, the complaint and the figures.

export const complaintKeys = {
  mine: ['complaints', 'mine'] as const,
  status: (reference: string, token: string) => ['complaints', 'status', reference, token] as const,
  register: ['complaints', 'register'] as const,
  registerList: (filter: RegisterFilter) => ['complaints', 'register', 'list', filter] as const,
  one: (id: string) => ['complaints', 'register', 'one', id] as const,
  figures: (year: number) => ['complaints', 'register', 'figures', year] as const,
  assignees: ['complaints', 'assignees'] as const,
};

export interface RegisterFilter {
  status: ComplaintStatus | '';
  overdue: boolean;
}

// ---- the complainant ---------------------------------------------------------------------------

export const fileComplaint = (body: FileComplaintRequest) =>
  apiRequest<{ reference: string }>('/complaints/', { json: body });

export function useFileComplaint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fileComplaint,
    onSuccess: () => client.invalidateQueries({ queryKey: complaintKeys.mine }),
  });
}

export const fetchComplaintStatus = (reference: string, token: string, signal?: AbortSignal) =>
  apiRequest<ComplaintStatusDto>('/complaints/lookup', { json: { reference, token }, signal });

export const complaintStatusQuery = (reference: string, token: string) =>
  queryOptions({
    queryKey: complaintKeys.status(reference, token),
    queryFn: ({ signal }) => fetchComplaintStatus(reference, token, signal),
    retry: false,
  });

export const useComplaintStatus = (reference: string, token: string) =>
  useQuery({ ...complaintStatusQuery(reference, token), enabled: Boolean(reference && token) });

export const fetchMyComplaints = (signal?: AbortSignal) =>
  apiRequest<{ complaints: ComplaintStatusDto[] }>('/complaints/mine', { signal }).then((r) => r.complaints);

export const myComplaintsQuery = () =>
  queryOptions({ queryKey: complaintKeys.mine, queryFn: ({ signal }) => fetchMyComplaints(signal) });

export const useMyComplaints = (enabled: boolean) => useQuery({ ...myComplaintsQuery(), enabled });

// ---- the register ------------------------------------------------------------------------------

const registerPath = '/backoffice/complaints';
const onePath = (id: string) => `${registerPath}/${encodeURIComponent(id)}`;

export const fetchRegister = (filter: RegisterFilter, signal?: AbortSignal) => {
  const search = new URLSearchParams();
  if (filter.status) search.set('status', filter.status);
  if (filter.overdue) search.set('overdue', '1');
  const query = search.toString();
  return apiRequest<{ complaints: ComplaintRegisterRow[] }>(`${registerPath}/${query ? `?${query}` : ''}`, {
    signal,
  }).then((r) => r.complaints);
};

export const registerQuery = (filter: RegisterFilter) =>
  queryOptions({
    queryKey: complaintKeys.registerList(filter),
    queryFn: ({ signal }) => fetchRegister(filter, signal),
  });

export const useRegister = (filter: RegisterFilter) =>
  useQuery({ ...registerQuery(filter), placeholderData: keepPreviousData });

export const fetchComplaint = (id: string, signal?: AbortSignal) =>
  apiRequest<ComplaintDetail>(onePath(id), { signal });

export const complaintQuery = (id: string) =>
  queryOptions({ queryKey: complaintKeys.one(id), queryFn: ({ signal }) => fetchComplaint(id, signal) });

export const useComplaint = (id: string) => useQuery(complaintQuery(id));

export const fetchFigures = (year: number, signal?: AbortSignal) =>
  apiRequest<ComplaintFigures>(`${registerPath}/figures?year=${year}`, { signal });

export const figuresQuery = (year: number) =>
  queryOptions({
    queryKey: complaintKeys.figures(year),
    queryFn: ({ signal }) => fetchFigures(year, signal),
  });

export const useFigures = (year: number) => useQuery(figuresQuery(year));

export const fetchAssignees = (signal?: AbortSignal) =>
  apiRequest<{ assignees: Array<{ id: string; username: string }> }>(`${registerPath}/assignees`, {
    signal,
  }).then((r) => r.assignees);

export const assigneesQuery = () =>
  queryOptions({ queryKey: complaintKeys.assignees, queryFn: ({ signal }) => fetchAssignees(signal) });

export const useAssignees = () => useQuery(assigneesQuery());

/** Where the browser downloads the register (an attachment; the session cookie goes with it). */
export const registerCsvUrl = `/api${registerPath}/export.csv`;

export const changeStatus = (id: string, status: ComplaintStatus) =>
  apiRequest<ComplaintDetail>(`${onePath(id)}/status`, { json: { status } });
export const assignComplaint = (id: string, assigneeId: string | null) =>
  apiRequest<ComplaintDetail>(`${onePath(id)}/assignee`, { json: { assignee_id: assigneeId } });
export const addNote = (id: string, body: string) =>
  apiRequest<ComplaintDetail>(`${onePath(id)}/notes`, { json: { body } });
export const answerComplaint = (id: string, answer: string) =>
  apiRequest<ComplaintDetail>(`${onePath(id)}/answer`, { json: { answer } });

function useComplaintChange<T>(id: string, fn: (value: T) => Promise<ComplaintDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => {
      // The answer is the complaint as it now is; the lists and figures it appears in are refetched.
      client.setQueryData(complaintKeys.one(id), detail);
      return Promise.all([
        client.invalidateQueries({ queryKey: [...complaintKeys.register, 'list'] }),
        client.invalidateQueries({ queryKey: [...complaintKeys.register, 'figures'] }),
      ]);
    },
  });
}

export const useChangeStatus = (id: string) =>
  useComplaintChange(id, (status: ComplaintStatus) => changeStatus(id, status));
export const useAssignComplaint = (id: string) =>
  useComplaintChange(id, (assigneeId: string | null) => assignComplaint(id, assigneeId));
export const useAddNote = (id: string) => useComplaintChange(id, (body: string) => addNote(id, body));
export const useAnswerComplaint = (id: string) =>
  useComplaintChange(id, (answer: string) => answerComplaint(id, answer));
