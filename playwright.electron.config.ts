// Only the real-Electron tests (CI runners where the Electron binary downloads).
import { defineConfig } from '@playwright/test'
import base from './playwright.config'

export default defineConfig({ ...base, projects: (base.projects ?? []).filter((p) => p.name === 'electron') })
