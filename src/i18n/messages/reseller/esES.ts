import type { ResellerMessages } from './enUS';

const resellerEsES: ResellerMessages = {
  reseller: {
    title: 'Revendedor',
    domain: 'Dominio',
    noDomain: 'Ningún dominio definido',
    usage: 'Usuarios: %{used} de %{limit}',
    unlimited: 'ilimitado',
    users: 'Sus usuarios',
    empty: 'Aún no hay usuarios',
    subReseller: 'Sub-revendedor',
    create: 'Nuevo usuario',
    editBrand: 'Editar mi marca',
    created: 'Usuario creado',
    form: {
      name: 'Nombre',
      email: 'Correo electrónico',
      password: 'Contraseña',
      makeReseller: 'Sub-revendedor',
      domain: 'Dominio del sub-revendedor',
      limit: 'Límite de usuarios del sub-revendedor',
      save: 'Crear',
      cancel: 'Cancelar',
    },
    errors: {
      accessRequired: 'Solo los revendedores pueden hacer esto.',
      adminOnlySettings: 'Solo un administrador puede cambiar los ajustes de reventa.',
      subLimitTooHigh: 'El límite del sub-revendedor supera su límite restante de usuarios.',
      userLimitReached: 'Ha alcanzado el límite de usuarios de reventa.',
      domainInUse: 'Este dominio de reventa ya está en uso.',
      mainDomain: 'Este es el dominio del propio sitio principal: una reventa no puede usarlo.',
      invalidDomain: 'Dominio de reventa no válido.',
      invalidLimit: 'Límite de usuarios de reventa no válido.',
    },
  },
};

export default resellerEsES;
