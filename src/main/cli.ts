// replaced by the CLI branch
export {}
