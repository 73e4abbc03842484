import {
  AreaChartOutlined,
  AuditOutlined,
  BankOutlined,
  CodeOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { NavGroup } from '@kassa/domain';
import type { ReactNode } from 'react';

/** One icon per menu group, so a collapsed menu stays recognisable. */
export const groupIcons: Record<NavGroup | 'dashboard', ReactNode> = {
  dashboard: <DashboardOutlined />,
  payments: <CreditCardOutlined />,
  insights: <AreaChartOutlined />,
  finance: <BankOutlined />,
  risk: <SafetyOutlined />,
  developers: <CodeOutlined />,
  provider: <ShopOutlined />,
  settings: <SettingOutlined />,
  psp: <ShopOutlined />,
  pspReports: <FileTextOutlined />,
  pspPricing: <DollarOutlined />,
  pspFinance: <BankOutlined />,
  pspRisk: <AuditOutlined />,
  pspAdmin: <ToolOutlined />,
  pspSettings: <SettingOutlined />,
};
