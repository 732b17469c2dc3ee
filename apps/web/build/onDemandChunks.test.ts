import type { OutputBundle } from 'rolldown'
import { describe, expect, it } from 'vitest'
import { onDemandChunkFiles } from './onDemandChunks.ts'

type Shape = { file: string; facade?: string; entry?: boolean; imports?: string[]; dynamic?: string[] }

const bundle = (shapes: Shape[]): OutputBundle =>
  Object.fromEntries(
    shapes.map((shape) => [
      shape.file,
      {
        type: 'chunk',
        fileName: shape.file,
        facadeModuleId: shape.facade ?? null,
        isEntry: shape.entry ?? false,
        imports: shape.imports ?? [],
        dynamicImports: shape.dynamic ?? [],
      },
    ]),
  ) as unknown as OutputBundle

const isWalletSdk = (id: string) => id.endsWith('/WalletConnectPanel.tsx') || id.includes('@walletconnect/')

describe('onDemandChunkFiles', () => {
  it('keeps out what only an on-demand entry reaches, and keeps what the app reaches another way', () => {
    const files = onDemandChunkFiles(
      bundle([
        { file: 'startup.js', entry: true, imports: ['react.js'], dynamic: ['dialog.js'] },
        { file: 'react.js' },
        { file: 'dialog.js', imports: ['react.js', 'shared.js'], dynamic: ['panel.js'] },
        { file: 'shared.js' },
        {
          file: 'panel.js',
          facade: '/app/WalletConnectPanel.tsx',
          imports: ['shared.js', 'qr.js'],
          dynamic: ['sdk.js'],
        },
        { file: 'qr.js' },
        {
          file: 'sdk.js',
          facade: '/node_modules/@walletconnect/ethereum-provider/dist/index.js',
          imports: ['events.js'],
        },
        { file: 'events.js' },
      ]),
      isWalletSdk,
    )
    expect([...files].sort()).toEqual(['events.js', 'panel.js', 'qr.js', 'sdk.js'])
  })

  it('keeps a chunk an on-demand entry shares with a path from the entries', () => {
    const files = onDemandChunkFiles(
      bundle([
        { file: 'startup.js', entry: true, dynamic: ['panel.js', 'history.js'] },
        { file: 'history.js', imports: ['qr.js'] },
        { file: 'panel.js', facade: '/app/WalletConnectPanel.tsx', imports: ['qr.js'] },
        { file: 'qr.js' },
      ]),
      isWalletSdk,
    )
    expect([...files]).toEqual(['panel.js'])
  })
})
