// placeholder until the cgt library lands
