/** My own profile: read, contact details saved, password changed. */
import type { ChangePasswordBody, ProfileBody } from '@khabkhi/contracts';
import { api } from '../../api/client';
import type { Employee } from '../employees/queries';

export type Me = Employee & { role_name?: string; branch_name?: string };

export const getMe = () => api.get<Me>('/user/me');
export const updateProfile = (body: ProfileBody) => api.put<Me>('/user/profile', body);
export const changePassword = (body: ChangePasswordBody) => api.post<null>('/user/change-password', body);
